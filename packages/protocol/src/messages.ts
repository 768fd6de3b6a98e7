/**
 * Message texts of spec §8, written once. Functions fill in the parts the spec leaves as placeholders.
 */

export const SOCKET_MESSAGES = {
  connectionTimeout: 'Connection timeout',
  connectionFailed: 'Connection failed',
  connectionFailedWith: (reason: string) => `Connection failed: ${reason}`,
  requestTimeout: (ms: number, type: string) => `Request timeout after ${ms}ms for type ${type}`,
  notConnected: 'WebSocket is not connected',
  manualDisconnect: 'Manual disconnect',
  authenticationFailed: 'Authentication failed',
  apiRequestFailed: 'API request failed',
  unknownOperationType: 'Unknown operation type',
  notReadyWithin: (ms: number) => `Failed to become ready within ${ms}ms`,
} as const;

/** A socket message that mentions auth or authentication is an auth error (spec §8). */
export function isAuthErrorMessage(message: string): boolean {
  return /auth/i.test(message);
}

export const FAILURE_TOASTS = {
  saveConfiguration: 'Failed to save configuration',
  loadSelectedConfiguration: 'Failed to load selected configuration',
  updateVisualizationEngine: 'Failed to update visualization engine',
  loadSelectedProduct: 'Failed to load selected product',
  fetchConfigurations: 'Failed to fetch configurations',
  fetchConfiguration: 'Failed to fetch configuration',
  noConfigurationSelected: 'No configuration selected',
  fetchPresets: 'Failed to fetch Presets',
  fetchPreset: 'Failed to fetch Preset',
  fetchPresetCategories: 'Failed to fetch preset categories',
  createPreset: 'Failed to create Preset',
  updatePreset: 'Failed to update Preset',
  deletePreset: 'Failed to delete Preset',
  savingPreset: 'Failed Saving the preset',
  saveSequence: 'Failed to save the animation sequence',
  updateSequence: 'Failed to update the animation sequence',
  copySequence: 'Failed to copy the animation sequence',
  fetchUsers: 'Failed to fetch Users',
  createUsers: 'Failed to create Users',
  updateUsers: 'Failed to update Users',
  fetchGroups: 'Failed to fetch Groups',
  createGroups: 'Failed to create Groups',
  updateGroups: 'Failed to update Groups',
  deleteGroups: 'Failed to delete Groups',
  addUsersToGroup: 'Failed to add users to group',
  removeUsersFromGroup: 'Failed to remove users from group',
  sharePresetWithUsers: 'Failed to share Preset access with selected users',
  sharePresetWithGroups: 'Failed to share Preset access with selected groups',
  shareConfigurationWithUsers: 'Failed to share Configuration access with selected users',
  shareConfigurationWithGroups: 'Failed to share Configuration access with selected groups',
  shareAssetModelWithUsers: 'Failed to share asset model access with selected users',
  shareAssetModelWithGroups: 'Failed to share asset model access with selected groups',
  fetchAssetModels: 'Failed to fetch asset models',
  createAssetModel: 'Failed to create asset model',
  deleteAssetModel: 'Failed to delete Asset Model',
  updateAssetModel: 'Failed to update asset model',
  fetchAssetRendered: 'Failed to fetch asset rendered',
  updateAssetRendered: 'Failed to update asset rendered',
  deleteAssetRendered: 'Failed to delete asset rendered',
  shareAssetRendered: 'Failed to share asset rendered',
  fetchAssetItems: 'Failed to fetch asset items',
  // Not named by the spec, worded as its configuration messages are.
  deleteConfiguration: 'Failed to delete configuration',
  deleteUsers: 'Failed to delete Users',
  renameConfiguration: 'Failed to rename configuration',
} as const;

export const SUCCESS_TOASTS = {
  configurationCreated: 'Configuration created successfully',
  configurationUpdated: 'Configuration updated successfully',
  configurationLoaded: 'Configuration loaded successfully',
  presetCreated: 'Preset created',
  presetUpdated: 'Preset updated',
  presetDeleted: 'Preset deleted',
  userCreated: 'User created',
  userUpdated: 'User updated',
  userDeleted: 'User deleted',
  groupCreated: 'Group created',
  groupUpdated: 'Group updated',
  groupDeleted: 'Group deleted',
  animationSaved: 'Animation saved',
  animationUpdated: 'Animation updated',
  assetModelCreated: (name: string) => `Asset Model ${name} created successfully`,
  assetModelUpdated: (name: string) => `Asset Model ${name} updated successfully`,
  assetModelSharedWithUsers: (name: string) => `Asset Model ${name} access shared successfully with selected users`,
  assetModelSharedWithGroups: (name: string) => `Asset Model ${name} access shared successfully with selected groups`,
  assetModelDeleted: 'Asset Model deleted successfully',
  // Not named by the spec, which gives share successes for asset models only; worded the same way.
  accessShared: 'Access shared successfully with selected users and groups',
  accessRevoked: 'Access removed',
  configurationDeleted: 'Configuration deleted successfully',
  configurationRenamed: 'Configuration renamed successfully',
  // Not named by the spec, which gives rendered assets failure texts only; worded as its asset model successes.
  renderedAssetUpdated: (name: string) => `Rendered asset ${name} updated successfully`,
  renderedAssetDeleted: 'Rendered asset deleted successfully',
} as const;

export const STATE_MESSAGES = {
  createSessionFailed: 'Failed to create new session',
  sessionExpired: 'Session Expired',
  renderStatusFailed: 'Failed to get render status',
  renderWorkflowFailed: 'Render workflow failed',
  startRenderFailed: 'Failed to start render',
  startVideoRenderFailed: 'Failed to start video render workflow',
  noJobId: 'No job ID returned from workflow',
  updateSequenceFailed: 'Failed to update sequence',
  createSequenceFailed: 'Could not create sequence',
  loginFailed: 'Login failed',
  noAuthToken: 'No authentication token found',
  authenticationExpired: 'Authentication expired',
  authenticationFailed: 'Authentication failed',
  sessionExpiredLoginAgain: 'Session expired. Please login again.',
  loginFailedCheckCredentials: 'Login failed. Please check your credentials.',
  ssoLoginFailed: 'SSO login failed',
  noRefreshToken: 'No refresh token available.',
  uploadFailed: 'Upload Failed',
  imageUploadError: 'Image Upload Error',
  invalidLightType: 'Invalid light type',
} as const;

/** Texts the spec does not name but the product shows; kept here so every package says them alike. */
export const PRODUCT_MESSAGES = {
  tooManyLoginAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  forbidden: 'You do not have permission to do that.',
  /** Everyone sees default presets; only administrators and moderators change them. */
  defaultPresetForbidden: 'Default presets can only be changed by administrators and moderators.',
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  usernameTaken: (username: string) => `The username ${username} is already taken`,
  ssoNotConfigured: 'Single sign-on is not configured on this server.',
  invalidMediaKey: 'That is not a valid media path.',
  rangeNotSatisfiable: (size: number) => `The requested range is not within the ${size} bytes of this file.`,
  /** An image the upload slot does not take; `types` as UPLOAD_IMAGE_KINDS labels them. */
  unsupportedImage: (types: string) => `Choose a ${types} file.`,
  imageTooLarge: (megabytes: number) => `The image is larger than ${megabytes} MB.`,
  /** Beside the "Path trace when idle" switch, when the engine reports canPathTraceOnIdle false. */
  cannotPathTrace: 'This engine cannot path trace; renders use the real-time renderer.',
  /** A share link that is unknown, revoked, expired or whose configuration is gone: alike, so that none tells which. */
  linkNotFound: 'This link does not exist or is no longer shared.',
  /** Revoking a link that is not (or no longer) one of the configuration's. */
  configLinkNotFound: 'Share link not found',
} as const;

/** "5 minutes", "1 minute", "45 seconds". */
function idleDuration(ms: number): string {
  const [amount, unit] = ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** The studio's idle warning (SessionPolicy): the question, the countdown, and what the page says after it. */
export const IDLE_MESSAGES = {
  title: 'Are you still there?',
  countdown: (seconds: number) =>
    `Nothing has moved for a while. Your engine goes back to the pool in ${seconds} s so that others can use it.`,
  stay: 'Keep working',
  released: (idleMs: number) => `Your engine was released after ${idleDuration(idleMs)} without input.`,
  releasedHint: 'Resume gets a new engine and puts the car, the camera and your changes back as they were.',
  resume: 'Resume where I was',
} as const;
