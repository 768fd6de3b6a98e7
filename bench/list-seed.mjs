// The rows bench/list-bench.mjs and bench/list-explain.mjs list: `rows` presets and as many asset models (two
// versions each), half of them the user's, a tenth of the rest's presets shared with their group.
import { randomUUID } from 'node:crypto';

export async function seedLists(db, rows, ownerId, otherId, groupId) {
  const now = new Date().toISOString();
  const chunk = 1000;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows; start += chunk) {
      const presets = [];
      const models = [];
      const shares = [];
      for (let i = start; i < Math.min(rows, start + chunk); i += 1) {
        // Half the rows are the benchmark user's, a tenth of the rest shared with their group: the list
        // query has to apply the access rules, not just read a table.
        const owner = i % 2 === 0 ? ownerId : otherId;
        const presetId = randomUUID();
        presets.push({
          id: presetId,
          owner_id: owner,
          name: `Preset ${String(i).padStart(6, '0')}`,
          type: i % 3 === 0 ? 'animation' : 'postProcess',
          category: `Category ${i % 12}`,
          settings: '{"GlobalSaturation":1}',
          is_default: 0,
          group_id: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        });
        if (owner === otherId && i % 10 === 1)
          shares.push({ id: randomUUID(), entity_id: presetId, user_id: null, group_id: groupId, created_at: now });
        // Every model has two versions, so latestVersion has to pick.
        const modelId = randomUUID();
        for (const version of [1, 2]) {
          models.push({
            id: randomUUID(),
            model_id: modelId,
            version,
            is_latest: version === 2 ? 1 : 0,
            owner_id: owner,
            name: `Model ${String(i).padStart(6, '0')}`,
            description: '',
            category: `Category ${i % 8}`,
            type: 'Car',
            brand: `Brand ${i % 5}`,
            region: i % 2 ? 'europe' : 'asia',
            settings: '{}',
            file_key: `asset-models/${modelId}/car.glb`,
            file_name: 'car.glb',
            file_size: 1000,
            preview_key: null,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          });
        }
      }
      await trx.insertInto('presets').values(presets).execute();
      // Two statements of 1,000 rows: SQLite takes at most 32,766 parameters in one.
      await trx.insertInto('asset_models').values(models.slice(0, chunk)).execute();
      await trx.insertInto('asset_models').values(models.slice(chunk)).execute();
      if (shares.length) await trx.insertInto('preset_shares').values(shares).execute();
    }
  });
}
