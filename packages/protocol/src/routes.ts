import { PUBLIC_VIEWER_PATH } from './config-links.js';

/**
 * REST paths of spec §7, relative to the API base (`/api`). The server mounts them and the web app calls them
 * through these names, so a path is written once.
 */
export const API_BASE = '/api';

export const API_ROUTES = {
  health: '/health',
  /** Readiness for load balancers: 200 while the database, storage and Redis (when configured) answer, else 503. */
  ready: '/health/ready',
  auth: {
    login: '/auth/login',
    verify: '/auth/verify',
    refresh: '/auth/refresh',
    logout: '/auth/logout',
    options: '/auth/options',
    ssoLogin: '/auth/sso/login',
    /** The redirect URI: the OpenID Connect provider sends the browser back here after sign-in. */
    ssoCallback: '/auth/sso/callback',
  },
  users: {
    filtered: '/users/filtered',
    create: '/users',
    byId: '/users/:id',
    /** GET, administrators only: what a user's files take of their storage quota. */
    storage: '/users/:id/storage',
  },
  /** The signed-in user's own things. */
  me: {
    /** GET: what your files take of your storage quota (STORAGE_QUOTA_BYTES). */
    storage: '/me/storage',
  },
  groups: {
    filtered: '/user-groups/filtered',
    create: '/user-groups',
    byId: '/user-groups/:id',
    users: '/user-groups/:id/users',
  },
  uploads: {
    create: '/upload',
    byId: '/upload/id/:id',
    byGroup: '/upload/group/:groupId',
    /** POST: a signed, expiring URL of the upload's image for the user's engine to fetch (backplate, HDRI, guide). */
    engineLink: '/upload/:id/engine-link',
    /** GET: the image behind a signed link, without cookie or token (engines fetch it). */
    signedFile: '/upload-file/:token/:fileName',
  },
  presets: {
    list: '/preset',
    categories: '/preset/categories',
    filtered: '/preset/filtered',
    byId: '/preset/id/:id',
    create: '/preset',
    update: '/preset/:id',
    shareUser: '/preset/:id/share/user',
    shareGroup: '/preset/:id/share/group',
    delete: '/preset/:id/delete',
  },
  configs: {
    filtered: '/config/filtered',
    byId: '/config/id/:id',
    create: '/config',
    update: '/config/:id',
    shareUser: '/config/:id/share/user',
    shareGroup: '/config/:id/share/group',
    delete: '/config/:id/delete',
    /** GET the live share links, POST a new one: the configuration's owner and administrators. */
    links: '/config/:id/links',
    /** DELETE: revokes a share link. */
    link: '/config/:id/links/:linkId',
  },
  /** What a configuration's share link opens, without cookie or token: the token is the credential. */
  publicLinks: {
    view: '/public/links/:token',
    still: '/public/links/:token/still.jpg',
    /** The car as configured, for AR and 3D tools (issue 34 item 4). */
    glb: '/public/links/:token/car.glb',
    usdz: '/public/links/:token/car.usdz',
  },
  assetModels: {
    filtered: '/asset-model/filtered',
    byId: '/asset-model/id/:id',
    create: '/asset-model',
    update: '/asset-model/:id',
    shareUser: '/asset-model/:id/share/user',
    shareGroup: '/asset-model/:id/share/group',
    delete: '/asset-model/:id/delete',
    filterOptions: '/asset-model/filter-options',
    /** POST: a signed, expiring URL of the model file for the user's engine to download. */
    downloadLink: '/asset-model/:id/download-link',
    /** GET: the model file behind a signed link, without cookie or token (engines fetch it). */
    signedFile: '/asset-model-file/:token/:fileName',
  },
  renderedAssets: {
    filtered: '/asset-rendered/filtered',
    byId: '/asset-rendered/id/:id',
    items: '/asset-rendered/:id/items',
    filterOptions: '/asset-rendered/filter-options',
    update: '/asset-rendered/:id',
    shareUser: '/asset-rendered/:id/share/user',
    shareGroup: '/asset-rendered/:id/share/group',
    delete: '/asset-rendered/:id/delete',
  },
  storage: {
    authCookie: '/aws-s3/auth-cookie',
  },
  /** Blobs by key: `/media/<key>`. */
  media: '/media',
  /** Engine sessions (spec §7): two path families that answer alike; the second names the session in its body. */
  sessions: {
    allocate: '/sessions/allocate',
    current: '/sessions/current',
    heartbeat: '/sessions/heartbeat',
    reconnect: '/sessions/reconnect',
    release: '/sessions/release',
    requestAllocate: '/session/requestAllocate',
    sessionHeartbeat: '/session/heartbeat',
    sessionRelease: '/session/release',
    /** GET: how this server treats an idle studio (SessionPolicy). */
    policy: '/sessions/policy',
    /** POST: what the studio's player receives of its stream (StreamQuality), every STREAM_QUALITY_REPORT_MS. */
    streamQuality: '/sessions/stream-quality',
    /** POST: join the waiting line for an engine, or keep your place in it (LineStanding); DELETE: leave it. */
    line: '/sessions/line',
    /** GET, administrators only: the engines and who waits for them. */
    lineSummary: '/admin/engine-line',
  },
  /** Render service (spec §7): stills and videos rendered by the durable render queue. */
  render: {
    still: '/render-workflow',
    video: '/render-video-workflow',
    /** POST: every chosen trim × paint as one job of stills, a contact sheet and a ZIP. */
    matrix: '/render-matrix-workflow',
    /** POST: the configured car as GLB and USDZ files, exported by a render engine, as one job. */
    carModel: '/render-car-model-workflow',
    /** POST: the car turned once as 24, 36 or 72 frames, and on request a video of them. */
    turntable: '/render-turntable-workflow',
    status: '/render-workflow-status/:jobId',
    cancel: '/render-workflow/:jobId',
    /** GET, administrators only: jobs waiting and rendering per user. */
    queueSummary: '/admin/render-queue',
    /** GET: how long renders take on this installation's engines, learnt from finished ones. */
    estimates: '/render-estimates',
  },
  /** The remote-control relay's WebSocket (spec §7 "Remote-control socket"). */
  remote: '/remote',
  /** GET, administrators only: the studio running now (SystemOverview): engines, sessions, the render queue. */
  system: '/admin/system',
} as const;

/**
 * The server's routes that engines fetch without cookie or token, each `/<prefix>/:token/:fileName`: the link is the
 * credential. An engine's fetch policy lets these through on the server's address for engines and nothing else.
 */
export const ENGINE_SIGNED_FILE_ROUTES = [API_ROUTES.assetModels.signedFile, API_ROUTES.uploads.signedFile] as const;

/**
 * Every path whose `:token` segment is a credential: the signed files, a share link's public routes and the web app's
 * viewer page it opens. Whoever holds such a path gets in, so the server's logs hide the segment.
 */
export const TOKEN_PATH_ROUTES = [
  ...ENGINE_SIGNED_FILE_ROUTES,
  API_ROUTES.publicLinks.view,
  API_ROUTES.publicLinks.still,
  API_ROUTES.publicLinks.glb,
  API_ROUTES.publicLinks.usdz,
  `${PUBLIC_VIEWER_PATH}/:token`,
] as const;

/**
 * Pixel Streaming signalling, outside the API base: its address is the instanceUrl the web app hands Epic's frontend
 * (players: `?streamerId=…&token=…`; streamers: `?key=…`).
 */
export const SIGNALLING_PATH = '/signalling';

/** Fills the `:name` parameters of a route: `pathTo(API_ROUTES.presets.byId, { id })`. */
export function pathTo(route: string, params: Record<string, string>): string {
  return route.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathTo: missing parameter ${name} for ${route}`);
    return encodeURIComponent(value);
  });
}
