import { sql } from 'kysely';
import type { ConfigSettings, User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { UploadRow } from '../../db/schema.js';
import { itemConditions } from '../access/item-conditions.js';

/** The slots of a saved configuration that name an upload: HDRI backdrop, backplate, custom composition guide. */
const IMAGE_SLOTS = ['backdropUpload', 'backplateUpload', 'imageUpload'] as const;

/** The upload ids a configuration's settings name, by slot. */
export function configImageIds(settings: Partial<ConfigSettings>): string[] {
  return IMAGE_SLOTS.map((slot) => settings[slot]?.imageId).filter((id): id is string => typeof id === 'string');
}

/** The settings with each named upload id replaced as `replace` says, and the slot's preview URL with it. */
export function withImageIds(
  settings: ConfigSettings,
  replace: ReadonlyMap<string, { id: string; url: string }>,
): ConfigSettings {
  const next = { ...settings };
  for (const slot of IMAGE_SLOTS) {
    const upload = next[slot];
    const copy = upload?.imageId ? replace.get(upload.imageId) : undefined;
    if (upload && copy) next[slot] = { ...upload, imageId: copy.id, previewUrl: copy.url };
  }
  return next;
}

/**
 * Whether the user sees a configuration that uses the upload: its readers need the images it shows to load it.
 * Only a configuration of the upload's own owner counts, so naming someone else's upload id in one's own
 * configuration opens nothing (a copy of a shared configuration gets copies of its images instead, see
 * ConfigsService). No index leads from an upload to the configurations naming it: this runs only when owner,
 * administrator and preset have not already answered, and reads the owner's configurations the user may see whose
 * settings contain the id, then checks the id sits in an image slot.
 */
export async function seenThroughConfig(db: Db, user: User, upload: UploadRow): Promise<boolean> {
  if (upload.owner_id === null) return false;
  const conditions = itemConditions(user, {
    db,
    kind: 'config',
    table: 'configs',
    shareTable: 'config_shares',
    equals: { owner_id: upload.owner_id },
  });
  const rows = await db
    .selectFrom('configs')
    .select('settings')
    .where((eb) => eb.and([...conditions, sql<boolean>`configs.settings like ${`%${upload.id}%`}`]))
    .limit(50)
    .execute();
  return rows.some((row) => configImageIds(JSON.parse(row.settings) as ConfigSettings).includes(upload.id));
}
