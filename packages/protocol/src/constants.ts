/**
 * Business constants and limits of spec §9, written once. Every other package imports them from here.
 */

/** Socket defaults (spec §9 "Socket defaults"). */
export const SOCKET = {
  reconnection: true,
  /** The delay before attempt n is `reconnectDelayMs * n`. */
  reconnectDelayMs: 1000,
  reconnectAttempts: 5,
  timeoutMs: 30_000,
  heartbeatMs: 30_000,
} as const;

/** The remote-control client (spec §9 "Remote-control client"). */
export const REMOTE_CONTROL = {
  reconnectDelayMs: 2000,
  reconnectAttempts: 3,
  connectTimeoutMs: 15_000,
  authTimeoutMs: 10_000,
  apiCallTimeoutMs: 15_000,
  heartbeatMs: 30_000,
  defaultInstanceId: 'localhost:30010',
  defaultPresetName: 'NewRemoteControlPreset',
} as const;

/** Retry wrapper and waits (spec §9 "Retry wrapper and waits"). */
export const RETRY = {
  retries: 2,
  delayMs: 1000,
  readyWaitMs: 30_000,
  readyPollMs: 100,
  healthCheckMs: 5000,
} as const;

/** Token lifetimes and checks (spec §9 "Tokens"). */
export const TOKENS = {
  /** A token is near expiry when less than this remains. */
  nearExpiryMs: 5 * 60_000,
  /** A valid-token check keeps this margin. */
  validityMarginMs: 10_000,
  defaultExpiresIn: 3600,
  refreshCheckMs: 60_000,
} as const;

/** The three browser storage keys of spec §9: access token, refresh token, current configuration id. */
export const STORAGE_KEYS = {
  accessToken: 'autostudio.accessToken',
  refreshToken: 'autostudio.refreshToken',
  currentConfigId: 'autostudio.currentConfigId',
} as const;

/** Spec §4 "Save-config status": the save dialog's state, by the spec's numbers. */
export const SAVE_CONFIG_STATUS = { idle: 0, saving: 1, failed: 2, saved: 3 } as const;
export type SaveConfigStatus = (typeof SAVE_CONFIG_STATUS)[keyof typeof SAVE_CONFIG_STATUS];

/** Where the theme choice is kept (spec §2). */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

/** Sessions (spec §9 "Sessions"). */
export const SESSION = {
  heartbeatMs: 30_000,
  heartbeatStartDelayMs: 2000,
  /**
   * A page that goes away (tab closed, or reloaded) asks for its session to be released after this long; the reloaded
   * page's first heartbeat keeps it. A browser cannot tell a reload from a close while the page goes away.
   */
  pageCloseGraceMs: 20_000,
} as const;

/**
 * Where a tab keeps the studio it is in (the loaded product and its session), so that a reload of /home returns to
 * the same car. Beside the spec's three keys, in session storage: it belongs to the tab, like the sign-in.
 */
export const STUDIO_STORAGE_KEY = 'autostudio.studio';

/** Polling (spec §9 "Polling"). */
export const POLLING = {
  sequencePlaybackMs: 100,
  productDownloadMs: 100,
  productDownloadMaxTries: 1001,
  renderStatusMs: 1000,
  renderErrorStrikes: 3,
} as const;

/** Debounce and delays (spec §9 "Debounce and delays"). */
export const DELAYS = {
  configureValuesDebounceMs: 300,
  trimPaintLoadingDelayMs: 200,
  viewportResetDebounceMs: 2000,
} as const;

/** Toasts (spec §2 and §9). */
export const TOASTS = {
  durationMs: 4000,
  visibleToasts: 3,
  position: 'bottom-left',
} as const;

/** Email authentication is configured off; the flag is the string FALSE (spec §9). */
export const EMAIL_AUTH_ENABLED = 'FALSE';

export const COMPOSITION_GUIDE_IMAGE_OPACITY = 0.7;

export const CAMERA_FOCAL_LENGTH = { Exterior: 45, other: 15 } as const;

export const LIGHT_DEFAULTS = {
  Intensity: 8,
  AttenuationRadius: 1000,
  LightColor: { R: 255, G: 255, B: 255, A: 255 },
} as const;

export const TIMELINE_FPS = 24;
export const PROGRESS_MAX = 100;

/** List defaults (page / limit) of spec §9. */
export const LIST_DEFAULTS = {
  assets: { page: 1, limit: 10 },
  users: { page: 1, limit: 20 },
  groups: { page: 1, limit: 20 },
  presets: { page: 1, limit: 20 },
  configs: { page: 1, limit: 10 },
  renderedAssets: { page: 1, limit: 10 },
  gallery: { page: 1, limit: 20 },
} as const;

/** Render options (spec §9 "Render options"). */
export const RENDER_TYPES = ['Default', 'Car Transparent BG', 'Multi Pass'] as const;
export const RENDER_TYPE_LABELS: Record<(typeof RENDER_TYPES)[number], string> = {
  Default: 'Default',
  'Car Transparent BG': 'Car Only',
  'Multi Pass': 'Multi Pass',
};
export const IMAGE_FORMATS = ['JPG', 'PNG'] as const;
export const VIDEO_FORMATS = ['MP4', 'MOV', 'AVI'] as const;
export const RENDER_PASSES = ['Color ID', 'Multi Layered', 'Depth'] as const;
export const RESOLUTION_PRESETS = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '4k': { width: 3840, height: 2160 },
} as const;
export const CUSTOM_RESOLUTION = 'custom';
export const SHADOW_MODES = ['WithGround', 'NoShadow', 'SeparateLayer'] as const;
export const RENDER_QUALITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RenderQuality = (typeof RENDER_QUALITIES)[number];
export const DEFAULT_RENDER_QUALITY = 'MEDIUM';

export const IMAGE_RENDER_DEFAULTS = {
  resolutionPreset: '1080p',
  imageFormat: 'JPG',
  antiAliasSpatial: 8,
  antiAliasTemporal: 8,
  selectedPasses: ['Color ID'],
  quality: DEFAULT_RENDER_QUALITY,
} as const;

export const VIDEO_RENDER_DEFAULTS = {
  resolutionPreset: '720p',
  videoFormat: 'MP4',
  quality: DEFAULT_RENDER_QUALITY,
} as const;

/** Preset animations and their frame counts (spec §9). */
export const PRESET_ANIMATIONS = [
  { name: 'Exterior 360', frames: 360 },
  { name: 'Interior 360', frames: 240 },
  { name: 'Left Close-up View', frames: 360 },
  { name: 'Right Close-up View', frames: 360 },
] as const;

/**
 * Spec §7 Storage: the browser asks for the media cookie (GET /aws-s3/auth-cookie) about this long after its storage
 * client starts (the app starting signed in, or a sign-in), and again before the cookie runs out. Here, not beside
 * MEDIA_COOKIE, so that the web app's first chunk takes it without the schemas there.
 */
export const MEDIA_COOKIE_REQUEST_DELAY_MS = 100;
