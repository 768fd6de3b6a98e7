/** Every route of spec §2, named once. */
export const paths = {
  root: '/',
  login: '/login',
  landing: '/landing',
  home: '/home',
  /** Not in the spec (issue 33): configurations side by side, `?ids=a,b`. */
  compare: '/compare',
  admin: {
    root: '/admin',
    users: '/admin/users',
    userGroups: '/admin/user-groups',
    presets: '/admin/presets',
    configs: '/admin/configs',
    assetModels: '/admin/asset-models',
    renderedAssets: '/admin/rendered-assets',
  },
} as const;
