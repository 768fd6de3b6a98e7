import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  API_ROUTES,
  CAR_MODEL_FILES,
  configOptions,
  configSettingsSchema,
  pathTo,
  PRODUCT_MESSAGES,
  publicViewerPath,
  type CarModelFormat,
  type ConfigLink,
  type PublicConfigView,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { ConfigLinkRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.js';
import { AssetModelsRepository } from '../asset-models/asset-models.repository.js';
import { StillsRepository, stillModelsOf, type StillModel } from '../configs/stills.repository.js';
import { mediaTypeOf } from '../media/media-types.js';
import type { ServedBlob } from '../media/send-blob.js';
import { newConfigLinkToken } from './config-link-token.js';
import { ConfigLinksRepository, type OpenedLink } from './config-links.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A link's picture may change (a new save, a still rendered since), and a revoked link should stop showing soon. */
const PUBLIC_STILL_MAX_AGE_SECONDS = 60;

/** Who may hand out links of a configuration (ConfigsService): its owner and those who manage everyone's. */
export interface ManagedConfigs {
  assertManageable(user: User, configId: string): Promise<void>;
}

/**
 * Read-only share links (issue 33 item 4). Making, listing and revoking them is the configuration's manager's; what a
 * link opens is public, decided by its token alone, and never takes an engine or looks at who is asking.
 */
export class ConfigLinksService {
  private readonly links: ConfigLinksRepository;
  private readonly stills: StillsRepository;
  private readonly cars: AssetModelsRepository;

  constructor(
    db: Db,
    private readonly storage: BlobStore,
    private readonly configs: ManagedConfigs,
    /** The clock links expire by; tests may move it. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.links = new ConfigLinksRepository(db);
    this.stills = new StillsRepository(db);
    this.cars = new AssetModelsRepository(db);
  }

  async create(user: User, configId: string, expiresInDays: number | null): Promise<ConfigLink> {
    await this.configs.assertManageable(user, configId);
    const now = this.now();
    const row: ConfigLinkRow = {
      id: randomUUID(),
      config_id: configId,
      token: newConfigLinkToken(),
      created_by: user.id,
      created_at: now.toISOString(),
      expires_at: expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * DAY_MS).toISOString(),
      revoked_at: null,
    };
    await this.links.insert(row);
    return toConfigLink(row);
  }

  async list(user: User, configId: string): Promise<ConfigLink[]> {
    await this.configs.assertManageable(user, configId);
    return (await this.links.live(configId, this.now().toISOString())).map(toConfigLink);
  }

  async revoke(user: User, configId: string, linkId: string): Promise<void> {
    await this.configs.assertManageable(user, configId);
    if (!(await this.links.revoke(configId, linkId, this.now().toISOString()))) {
      throw notFound(PRODUCT_MESSAGES.configLinkNotFound);
    }
  }

  /** What the public viewer page shows of the configuration the token opens. */
  async view(token: string): Promise<PublicConfigView> {
    const opened = await this.open(token);
    const parsed = configSettingsSchema.safeParse(JSON.parse(opened.settings));
    // Settings saved before they were typed may not read as today's; the page then shows no options, not an error.
    const settings = parsed.success ? parsed.data : {};
    const carId = settings.app?.product?.id;
    const car = carId ? await this.cars.find(carId) : undefined;
    const hasPicture = opened.imageKey !== null || (await this.stillKey(opened)) !== undefined;
    const routes = { GLB: API_ROUTES.publicLinks.glb, USDZ: API_ROUTES.publicLinks.usdz } as const;
    return {
      name: opened.name,
      description: opened.description,
      car: car ? { name: car.name, brand: car.brand } : null,
      // The car has a field of its own; every other choice is listed as the compare view lists it.
      options: configOptions(settings)
        .filter((option) => option.key !== 'car')
        .map(({ label, value }) => ({ label, value })),
      stillUrl: hasPicture ? `${API_BASE}${pathTo(API_ROUTES.publicLinks.still, { token })}` : null,
      turntableUrl: null,
      sharedBy: opened.ownerUsername,
      models: (await this.models(opened)).map(({ format, size }) => ({
        format,
        url: `${API_BASE}${pathTo(routes[format], { token })}`,
        size,
      })),
    };
  }

  /**
   * The car as configured in one format, exported beside the configuration's still (config-stills.ts), with the
   * configuration's name to save it under.
   */
  async model(token: string, format: CarModelFormat): Promise<{ blob: ServedBlob; name: string }> {
    const opened = await this.open(token);
    const model = (await this.models(opened)).find((candidate) => candidate.format === format);
    if (!model) throw linkNotFound();
    return { blob: await this.served(model.key, CAR_MODEL_FILES[format].contentType), name: opened.name };
  }

  /** The configuration's picture: the rendered still of its settings as saved, else the snapshot taken at the save. */
  async still(token: string): Promise<ServedBlob> {
    const opened = await this.open(token);
    const key = (await this.stillKey(opened)) ?? opened.imageKey;
    if (!key) throw linkNotFound();
    return this.served(key, mediaTypeOf(key));
  }

  /** A stored file as the link's routes send it; gone is the same answer as never there. */
  private async served(key: string, contentType: string): Promise<ServedBlob> {
    const stat = await this.storage.stat(key);
    if (!stat) throw linkNotFound();
    return {
      stat,
      contentType,
      maxAgeSeconds: PUBLIC_STILL_MAX_AGE_SECONDS,
      open: async (range) => {
        try {
          return await this.storage.get(key, range);
        } catch (error) {
          // Gone between the stat and now: the same answer as if it had been gone before.
          if (error instanceof BlobNotFoundError) throw linkNotFound();
          throw error;
        }
      },
    };
  }

  private async open(token: string): Promise<OpenedLink> {
    const opened = await this.links.opened(token, this.now().toISOString());
    if (!opened) throw linkNotFound();
    return opened;
  }

  private async models(opened: OpenedLink): Promise<StillModel[]> {
    if (!opened.stillHash) return [];
    return stillModelsOf(await this.stills.find(opened.stillHash));
  }

  private async stillKey(opened: OpenedLink): Promise<string | undefined> {
    if (!opened.stillHash) return undefined;
    return (await this.stills.keys([opened.stillHash])).get(opened.stillHash);
  }
}

/** One answer for every link that opens nothing, whatever the reason, so that none tells what existed. */
const linkNotFound = () => notFound(PRODUCT_MESSAGES.linkNotFound);

function toConfigLink(row: ConfigLinkRow): ConfigLink {
  return {
    id: row.id,
    configId: row.config_id,
    url: publicViewerPath(row.token),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
