import { randomUUID } from 'node:crypto';
import {
  configSettingsSchema,
  type ConfigSettings,
  createConfigFieldsSchema,
  UPLOAD_LIMITS,
  updateConfigFieldsSchema,
  type Config,
  type ListQuery,
  type ListSortColumn,
  type ListResult,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { ConfigRow } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { mediaUrl } from '../../storage/media-url.js';
import { withMultipart, type MultipartSource, type FileRule } from '../../storage/multipart.js';
import { parseJsonField } from '../../storage/parse-fields.js';
import { canCreate } from '../access/access-policy.js';
import { ItemAccess } from '../access/item-access.js';
import { holdersFor } from '../access/holders.js';
import { SharesRepository, type Principal } from '../access/shares.repository.js';
import { ConfigsRepository } from './configs.repository.js';
import { configStillHash } from './config-still-hash.js';
import { StillsRepository } from './stills.repository.js';
import { configImageIds, withImageIds } from '../uploads/config-images.js';

const CONFIG_NOT_FOUND = 'Configuration not found';

/** The uploads a configuration shows (UploadsService.ownCopies). */
export interface ConfigImages {
  ownCopies(user: User, ownerId: string, ids: readonly string[]): Promise<Map<string, { id: string; url: string }>>;
}

/**
 * Where a saved configuration's still is asked for (render/config-stills.ts ConfigStillRequests): returns at once,
 * never fails the save, and renders nothing when the hash has a still already.
 */
export interface ConfigStillRequester {
  request(order: { hash: string; ownerId: string; settings: ConfigSettings }): void;
}

const previewRule = (configId: string): Record<string, FileRule> => ({
  imageFile: {
    kind: 'image',
    maxBytes: UPLOAD_LIMITS.image,
    key: (id, _name, type) => `configs/${configId}/preview-${id}.${type.extension}`,
  },
});

export class ConfigsService {
  private readonly configs: ConfigsRepository;
  private readonly stills: StillsRepository;
  private readonly shares: SharesRepository;
  private readonly access: ItemAccess<ConfigRow>;

  constructor(
    db: Db,
    private readonly storage: BlobStore,
    private readonly images: ConfigImages,
    /** Absent: no stills are made (nothing renders them). */
    private readonly stillRequests?: ConfigStillRequester,
  ) {
    this.configs = new ConfigsRepository(db);
    this.stills = new StillsRepository(db);
    this.shares = new SharesRepository(db, 'config_shares');
    this.access = new ItemAccess(db, {
      kind: 'config',
      find: (id) => this.configs.find(id),
      shares: this.shares,
      shareKey: (row) => row.id,
    });
  }

  async filtered(user: User, query: ListQuery<ListSortColumn<'configs'>>): Promise<ListResult<Config>> {
    const { rows, total } = await this.configs.page(user, query);
    return { items: await this.toConfigs(user, rows), total };
  }

  async get(user: User, id: string): Promise<Config> {
    return this.one(user, await this.access.readable(user, id, CONFIG_NOT_FOUND));
  }

  async create(user: User, upload: MultipartSource): Promise<Config> {
    if (!canCreate(user, 'config')) throw forbidden();
    const id = randomUUID();
    const form = { files: previewRule(id), fields: createConfigFieldsSchema };
    return withMultipart(upload, this.storage, form, async ({ fields, files }) => {
      const settings = await this.ownImages(
        user,
        user.id,
        parseJsonField(configSettingsSchema, 'settings', fields.settings),
      );
      const now = new Date().toISOString();
      const stillHash = configStillHash(settings);
      const row: ConfigRow = {
        id,
        owner_id: user.id,
        name: fields.name,
        description: fields.description,
        project_path: fields.projectPath,
        settings: JSON.stringify(settings),
        image_key: files[0]?.key ?? null,
        still_hash: stillHash,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await this.configs.insert(row);
      this.stillRequests?.request({ hash: stillHash, ownerId: user.id, settings });
      return await this.one(user, row);
    });
  }

  async update(user: User, id: string, upload: MultipartSource): Promise<Config> {
    const existing = await this.access.manageable(user, id, CONFIG_NOT_FOUND);
    const form = { files: previewRule(id), fields: updateConfigFieldsSchema };
    await withMultipart(upload, this.storage, form, async ({ fields, files }) => {
      const settings =
        fields.settings === undefined
          ? undefined
          : await this.ownImages(
              user,
              existing.owner_id ?? user.id,
              parseJsonField(configSettingsSchema, 'settings', fields.settings),
            );
      const image = files[0];
      const stillHash = settings === undefined ? undefined : configStillHash(settings);
      await this.configs.update(id, {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.projectPath !== undefined ? { project_path: fields.projectPath } : {}),
        ...(settings !== undefined ? { settings: JSON.stringify(settings) } : {}),
        ...(stillHash !== undefined ? { still_hash: stillHash } : {}),
        ...(image ? { image_key: image.key } : {}),
        updated_at: new Date().toISOString(),
      });
      // Asked for on every save of settings, also unchanged ones: a still that could not be queued before is then.
      if (settings !== undefined && stillHash !== undefined) {
        this.stillRequests?.request({ hash: stillHash, ownerId: existing.owner_id ?? user.id, settings });
      }
      // The old preview goes only once the new one is recorded.
      if (image && existing.image_key) await this.storage.delete(existing.image_key);
    });
    return this.get(user, id);
  }

  async share(user: User, id: string, principal: Principal, ids: string[], remove: boolean): Promise<Config> {
    await this.access.share(user, id, principal, ids, remove, CONFIG_NOT_FOUND);
    return this.get(user, id);
  }

  async delete(user: User, id: string): Promise<void> {
    await this.access.manageable(user, id, CONFIG_NOT_FOUND);
    await this.configs.softDelete(id);
  }

  /** For share links: throws as update does (404 to whoever may not see it, 403 to whoever may not change it). */
  async assertManageable(user: User, id: string): Promise<void> {
    await this.access.manageable(user, id, CONFIG_NOT_FOUND);
  }

  /** For media access: whether the user may see a configuration that shows the still of this hash. */
  canSeeStill(user: User, hash: string): Promise<boolean> {
    return this.configs.visibleWithStill(user, hash);
  }

  /** For media access: whether the user may see the configuration. */
  async canSee(user: User, id: string): Promise<boolean> {
    const row = await this.configs.find(id);
    return row !== undefined && this.access.canSee(user, row);
  }

  /**
   * A configuration opens to its readers the uploads of its owner's that it shows (uploads/config-images.ts). One
   * saved from someone else's (save as) names their uploads: it gets copies of its own owner's instead, so it keeps
   * working when the original's owner deletes theirs, and its readers reach them. Ids the saver may not read stay as
   * they are and open nothing.
   */
  private async ownImages(user: User, ownerId: string, settings: ConfigSettings): Promise<ConfigSettings> {
    const copies = await this.images.ownCopies(user, ownerId, configImageIds(settings));
    return copies.size === 0 ? settings : withImageIds(settings, copies);
  }

  private async one(user: User, row: ConfigRow): Promise<Config> {
    const [config] = await this.toConfigs(user, [row]);
    if (!config) throw new Error('toConfigs lost a row');
    return config;
  }

  private async toConfigs(user: User, rows: ConfigRow[]): Promise<Config[]> {
    const [shared, owners, stills] = await Promise.all([
      this.shares.sharedWith(rows.map((row) => row.id)),
      this.shares.ownerUsernames(
        user,
        rows.map((row) => row.owner_id),
      ),
      this.stills.keys(rows.flatMap((row) => (row.still_hash ? [row.still_hash] : []))),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      projectPath: row.project_path,
      settings: storedSettings(row.settings),
      imageUrl: row.image_key ? mediaUrl(row.image_key) : null,
      // The still of the settings as saved now: none while it renders or when it failed.
      stillUrl: stillUrlOf(row.still_hash, stills),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      ...holdersFor(user, 'config', row.owner_id, shared.get(row.id), owners),
    }));
  }
}

function stillUrlOf(hash: string | null, stills: Map<string, string>): string | null {
  const key = hash ? stills.get(hash) : undefined;
  return key ? mediaUrl(key) : null;
}

/**
 * Settings as stored. Rows saved before the settings were typed may hold values the schema now refuses: they are
 * returned as they are rather than failing the whole list, and the studio's loader takes what it can use.
 */
function storedSettings(text: string): ConfigSettings {
  const value: unknown = JSON.parse(text);
  const parsed = configSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : (value as ConfigSettings);
}
