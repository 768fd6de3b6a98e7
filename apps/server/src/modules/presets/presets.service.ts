import { randomUUID } from 'node:crypto';
import {
  HIDDEN_PRESET_CATEGORY,
  PRESET_COPY_SUFFIX,
  PRODUCT_MESSAGES,
  type CreatePresetRequest,
  type ListQuery,
  type ListResult,
  type ListSortColumn,
  type Preset,
  type PresetType,
  type UpdatePresetRequest,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { PresetRow } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { mediaUrl } from '../../storage/media-url.js';
import { canCreate, seesEverything } from '../access/access-policy.js';
import { ItemAccess } from '../access/item-access.js';
import { holdersFor } from '../access/holders.js';
import { SharesRepository, type Principal } from '../access/shares.repository.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { PresetsRepository, type PresetFilters } from './presets.repository.js';

const PRESET_NOT_FOUND = 'Preset not found';

export class PresetsService {
  private readonly presets: PresetsRepository;
  private readonly shares: SharesRepository;
  private readonly access: ItemAccess<PresetRow>;

  constructor(
    db: Db,
    private readonly uploads: UploadsService,
  ) {
    this.presets = new PresetsRepository(db);
    this.shares = new SharesRepository(db, 'preset_shares');
    this.access = new ItemAccess(db, {
      kind: 'preset',
      find: (id) => this.presets.find(id),
      shares: this.shares,
      shareKey: (row) => row.id,
    });
  }

  async all(user: User, filters: PresetFilters): Promise<Preset[]> {
    return this.toPresets(user, await this.presets.all(user, filters));
  }

  categories(user: User, type: PresetType | undefined): Promise<string[]> {
    return this.presets.categories(user, type, HIDDEN_PRESET_CATEGORY);
  }

  async filtered(
    user: User,
    filters: PresetFilters,
    page: ListQuery<ListSortColumn<'presets'>>,
  ): Promise<ListResult<Preset>> {
    const { rows, total } = await this.presets.page(user, filters, page);
    return { items: await this.toPresets(user, rows), total };
  }

  async get(user: User, id: string): Promise<Preset> {
    const row = await this.readable(user, id);
    return this.one(user, row);
  }

  async create(user: User, input: CreatePresetRequest): Promise<Preset> {
    if (!canCreate(user, 'preset')) throw forbidden();
    this.assertMayMarkDefault(user, input.isDefault);
    const source = input.copyOf ? await this.readable(user, input.copyOf) : undefined;
    const groupId = source?.group_id
      ? await this.groupForCopy(user, source.group_id)
      : await this.ownGroup(user, input.groupId ?? null);
    const now = new Date().toISOString();
    const row: PresetRow = {
      id: randomUUID(),
      owner_id: user.id,
      name: input.name ?? `${source?.name ?? ''}${PRESET_COPY_SUFFIX}`,
      type: source ? source.type : input.type,
      category: source?.category ?? input.category,
      settings: source?.settings ?? input.settings,
      // A copy is the copier's own: never a default, whatever the original was.
      is_default: source ? 0 : input.isDefault ? 1 : 0,
      group_id: groupId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.presets.insert(row);
    return this.one(user, row);
  }

  async update(user: User, id: string, input: UpdatePresetRequest): Promise<Preset> {
    const row = await this.manageable(user, id);
    this.assertMayMarkDefault(user, input.isDefault);
    if (input.groupId !== undefined && input.groupId !== row.group_id) await this.ownGroup(user, input.groupId);
    await this.presets.update(id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.settings !== undefined ? { settings: input.settings } : {}),
      ...(input.isDefault !== undefined ? { is_default: input.isDefault ? 1 : 0 } : {}),
      ...(input.groupId !== undefined ? { group_id: input.groupId } : {}),
      updated_at: new Date().toISOString(),
    });
    return this.get(user, id);
  }

  async share(user: User, id: string, principal: Principal, ids: string[], remove: boolean): Promise<Preset> {
    await this.refuseDefaultToOthers(user, id);
    await this.access.share(user, id, principal, ids, remove, PRESET_NOT_FOUND);
    return this.get(user, id);
  }

  async delete(user: User, id: string): Promise<void> {
    await this.manageable(user, id);
    await this.presets.softDelete(id);
  }

  /** Default presets are everyone's to read, on top of the usual rules. */
  private async readable(user: User, id: string): Promise<PresetRow> {
    const row = await this.presets.find(id);
    if (row?.is_default === 1) return row;
    return this.access.readable(user, id, PRESET_NOT_FOUND);
  }

  /** Update and delete: the usual rules, after {@link refuseDefaultToOthers}. */
  private async manageable(user: User, id: string): Promise<PresetRow> {
    await this.refuseDefaultToOthers(user, id);
    return this.access.manageable(user, id, PRESET_NOT_FOUND);
  }

  /**
   * A default preset is changed (updated, shared, deleted) by administrators and moderators only, its owner
   * included. Everyone sees it, so the refusal is a 403 that says why, not the 404 that hides an unseen preset.
   */
  private async refuseDefaultToOthers(user: User, id: string): Promise<void> {
    const row = await this.presets.find(id);
    if (row?.is_default === 1 && !seesEverything(user, 'preset'))
      throw forbidden(PRODUCT_MESSAGES.defaultPresetForbidden);
  }

  /**
   * A preset may show only an upload group its author may change: whoever may see the preset reads the group, so
   * pointing one at a group seen through someone else's share would keep it after the share is revoked.
   */
  private async ownGroup(user: User, groupId: string | null): Promise<string | null> {
    if (groupId !== null) await this.uploads.groups.changeable(user, groupId);
    return groupId;
  }

  /** A copy shows the same group when the copier may change it, else a copy of its uploads of their own. */
  private async groupForCopy(user: User, groupId: string): Promise<string> {
    if (await this.uploads.groups.canChange(user, groupId)) return groupId;
    return this.uploads.copyGroup(user, groupId);
  }

  /** Marking a preset as a default puts it in front of everyone: for administrators and moderators. */
  private assertMayMarkDefault(user: User, isDefault: boolean | undefined): void {
    if (isDefault && !seesEverything(user, 'preset'))
      throw forbidden('Only administrators and moderators set default presets');
  }

  private async one(user: User, row: PresetRow): Promise<Preset> {
    const [preset] = await this.toPresets(user, [row]);
    if (!preset) throw new Error('toPresets lost a row');
    return preset;
  }

  private async toPresets(user: User, rows: PresetRow[]): Promise<Preset[]> {
    const animationGroups = [
      ...new Set(rows.filter((row) => row.type === 'animation' && row.group_id).map((row) => row.group_id ?? '')),
    ];
    const [shared, uploads, owners] = await Promise.all([
      this.shares.sharedWith(rows.map((row) => row.id)),
      this.presets.uploadsInGroups(animationGroups),
      this.shares.ownerUsernames(
        user,
        rows.map((row) => row.owner_id),
      ),
    ]);
    return rows.map((row) => {
      const preset: Preset = {
        id: row.id,
        name: row.name,
        type: row.type === 'animation' ? 'animation' : 'postProcess',
        category: row.category,
        settings: row.settings,
        isDefault: row.is_default === 1,
        groupId: row.group_id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        ...holdersFor(user, 'preset', row.owner_id, shared.get(row.id), owners),
      };
      if (preset.type === 'animation') {
        preset.previewImageMapping = Object.fromEntries(
          uploads
            .filter((upload) => upload.group_id === row.group_id)
            .map((upload) => [upload.id, mediaUrl(upload.blob_key)]),
        );
      }
      return preset;
    });
  }
}
