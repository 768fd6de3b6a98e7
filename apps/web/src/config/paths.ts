/** Every route of spec §2, named once. */
export const paths = {
  root: '/',
  login: '/login',
  landing: '/landing',
  home: '/home',
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
