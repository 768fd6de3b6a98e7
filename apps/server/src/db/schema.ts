import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 text and structured values are JSON text so that SQLite and PostgreSQL
 * read back the same values through one query code path. `bigint` columns come back as strings from pg.
 */
export interface UsersTable {
  id: string;
  username: string;
  name: string;
  password_hash: string | null;
  /** JSON array of roles. */
  roles: string;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** Every token rotated from one sign-in shares a family; reuse of a spent token revokes the family. */
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** Links a user to an identity at an OpenID Connect provider: the provider's issuer and its subject there. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}

export interface GroupsTable {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  created_at: string;
}

export interface UploadsTable {
  id: string;
  owner_id: string | null;
  /** The upload group it belongs to (e.g. an animation's preview images); null only on uploads made before groups. */
  group_id: string | null;
  filename: string;
  blob_key: string;
  content_type: string;
  size: number | string;
  created_at: string;
}

/** Gathers uploads, e.g. an animation's preview images. Made by the server, owned by whoever made it. */
export interface UploadGroupsTable {
  id: string;
  owner_id: string | null;
  created_at: string;
}

export interface PresetsTable {
  id: string;
  owner_id: string | null;
  name: string;
  type: string;
  category: string;
  settings: string;
  is_default: number;
  /** The upload group holding an animation's preview images; whoever may see the preset may read it. */
  group_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ConfigsTable {
  id: string;
  owner_id: string | null;
  name: string;
  description: string;
  project_path: string;
  settings: string;
  image_key: string | null;
  /** The still of its current settings in the cache of stills (migration 0014); null on rows saved before it. */
  still_hash: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A still of a configuration's settings, shared by every configuration with the same hash (migration 0014). */
export interface StillsTable {
  hash: string;
  /** The JPEG in the blob store; null until it is rendered. */
  blob_key: string | null;
  status: 'queued' | 'rendered' | 'failed';
  /** JSON array of StillModel: the car as configured, exported beside the still (migration 0018); null: none. */
  models: string | null;
  created_at: string;
}

/** A finished render's files under the hash of what made them (migration 0017, modules/render/cache). */
export interface RenderCacheTable {
  hash: string;
  /** JSON array of StoredRenderOutput, each under `render-cache/<hash>/`. */
  outputs: string;
  asset_model_id: string | null;
  created_at: string;
}

/** A read-only share link of a configuration (migration 0015); the token is its only credential. */
export interface ConfigLinksTable {
  id: string;
  config_id: string;
  token: string;
  /** Who made the link; null once their account is gone. */
  created_by: string | null;
  created_at: string;
  /** Null: the link lasts until it is revoked. */
  expires_at: string | null;
  revoked_at: string | null;
}

export interface AssetModelsTable {
  id: string;
  model_id: string;
  version: number;
  /** 1 on the newest version of each model, kept so by every insert of a version (a list filter, not a max()). */
  is_latest: number;
  owner_id: string | null;
  name: string;
  description: string;
  category: string;
  type: string;
  brand: string;
  region: string;
  settings: string;
  file_key: string | null;
  file_name: string | null;
  file_size: number | string | null;
  preview_key: string | null;
  /** 1: every signed-in user may see it (the built-in car), whatever its shares say. */
  is_public: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface RenderedAssetsTable {
  id: string;
  owner_id: string | null;
  name: string;
  description: string;
  category: string;
  type: string;
  brand: string;
  config_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface RenderedAssetItemsTable {
  id: string;
  asset_id: string;
  /** The order the render produced its files in: the main image first. */
  position: number;
  kind: string;
  blob_key: string;
  file_name: string;
  content_type: string;
  size: number | string;
  width: number | null;
  height: number | null;
  created_at: string;
}

export interface EngineSessionsTable {
  id: string;
  user_id: string;
  engine_id: string;
  /** host:port of the engine's Remote Control API. */
  instance_id: string;
  /** The engine's name on the signalling server. */
  streamer_id: string;
  status: 'active' | 'released' | 'expired' | 'error';
  message: string;
  last_heartbeat_at: string;
  created_at: string;
  ended_at: string | null;
  /** The latest StreamQuality its viewer reported, JSON without the session id (migration 0020); null before. */
  stream_quality: string | null;
  stream_quality_at: string | null;
}

/** An engine being reset after its session ended, until the reset is over (migration 0011). */
export interface EngineResetsTable {
  engine_id: string;
  reset_id: string;
  started_at: string;
  /** When the reset counts as abandoned (its copy died) and another copy may reset the engine again. */
  expires_at: string;
}

/** A place in the waiting line for engines (migration 0016). */
export interface EngineLineTable {
  user_id: string;
  joined_at: string;
  /** The last time the place's page asked for it; a place not asked for within ENGINE_LINE.staleMs counts no more. */
  last_seen_at: string;
}

/** A render job of the durable queue (migration 0007). */
export interface RenderJobsTable {
  id: string;
  owner_id: string;
  /**
   * still or video (the render service's); preview (an asset model's picture) or configStill (a saved configuration's
   * picture), both queued by the server.
   */
  kind: 'still' | 'video' | 'matrix' | 'turntable' | 'carModel' | 'preview' | 'configStill';
  /** The validated request, JSON. */
  request: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  progress: number;
  message: string;
  error: string | null;
  /** JSON array of the stored outputs: {kind, key, contentType}. */
  outputs: string;
  /** JSON array of a job of many's items, {row, column, state} (see RenderJobItem); null for a job of one. */
  items: string | null;
  /** How many times a worker took it. */
  attempts: number;
  max_attempts: number;
  /** The worker holding it while it runs (or while it is being cancelled). */
  worker_id: string | null;
  /** When the worker's hold runs out unless renewed; ISO-8601 like every timestamp. */
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The rendered asset a completed job's outputs became (migration 0008). */
  asset_id: string | null;
}

export interface SharesTable {
  id: string;
  entity_id: string;
  user_id: string | null;
  group_id: string | null;
  created_at: string;
}

/** A server copy or render worker, as its heartbeat last wrote it. */
export interface ServiceProcessesTable {
  id: string;
  role: 'server' | 'worker';
  host: string;
  pid: number;
  version: string;
  started_at: string;
  last_seen_at: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  user_identities: UserIdentitiesTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  uploads: UploadsTable;
  upload_groups: UploadGroupsTable;
  presets: PresetsTable;
  configs: ConfigsTable;
  stills: StillsTable;
  render_cache: RenderCacheTable;
  config_links: ConfigLinksTable;
  asset_models: AssetModelsTable;
  rendered_assets: RenderedAssetsTable;
  rendered_asset_items: RenderedAssetItemsTable;
  preset_shares: SharesTable;
  config_shares: SharesTable;
  asset_model_shares: SharesTable;
  rendered_asset_shares: SharesTable;
  engine_sessions: EngineSessionsTable;
  engine_resets: EngineResetsTable;
  engine_line: EngineLineTable;
  render_jobs: RenderJobsTable;
  service_processes: ServiceProcessesTable;
}

export type ShareTableName = 'preset_shares' | 'config_shares' | 'asset_model_shares' | 'rendered_asset_shares';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type GroupRow = Selectable<GroupsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type UploadGroupRow = Selectable<UploadGroupsTable>;
export type PresetRow = Selectable<PresetsTable>;
export type ConfigRow = Selectable<ConfigsTable>;
export type StillRow = Selectable<StillsTable>;
export type ConfigLinkRow = Selectable<ConfigLinksTable>;
export type AssetModelRow = Selectable<AssetModelsTable>;
export type RenderedAssetRow = Selectable<RenderedAssetsTable>;
export type RenderedAssetItemRow = Selectable<RenderedAssetItemsTable>;
export type EngineSessionRow = Selectable<EngineSessionsTable>;
export type EngineResetRow = Selectable<EngineResetsTable>;
export type EngineLineRow = Selectable<EngineLineTable>;
export type RenderJobRow = Selectable<RenderJobsTable>;
