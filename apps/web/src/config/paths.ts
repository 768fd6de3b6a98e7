/** Every route of spec §2, named once. */
export const paths = {
  root: '/',
  login: '/login',
  landing: '/landing',
  home: '/home',
  /** Not in the spec (issue 33): configurations side by side, `?ids=a,b`. */
  compare: '/compare',
  /**
   * Not in the spec (issue 33): a configuration's read-only share link, opened without sign-in. The protocol's
   * PUBLIC_VIEWER_PATH, written out: importing the protocol here put zod's code ahead of lib/zod-under-csp on every
   * page (a CSP eval report on /login); paths.test.ts holds the two together.
   */
  publicViewer: '/v/:token',
  admin: {
    root: '/admin',
    users: '/admin/users',
    userGroups: '/admin/user-groups',
    presets: '/admin/presets',
    configs: '/admin/configs',
    assetModels: '/admin/asset-models',
    renderedAssets: '/admin/rendered-assets',
    system: '/admin/system',
  },
} as const;
