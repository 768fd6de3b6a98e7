/**
 * REST paths of spec §7, relative to the API base (`/api`). The server mounts them and the web app calls them
 * through these names, so a path is written once.
 */
export const API_BASE = '/api';

export const API_ROUTES = {
  health: '/health',
  auth: {
    login: '/auth/login',
    verify: '/auth/verify',
    refresh: '/auth/refresh',
    logout: '/auth/logout',
    options: '/auth/options',
    ssoLogin: '/auth/sso/login',
  },
  users: {
    create: '/users',
  },
  storage: {
    authCookie: '/aws-s3/auth-cookie',
  },
  /** Blobs by key: `/media/<key>`. */
  media: '/media',
} as const;
