import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postProcessInSchema, type ListResult, type LoginResponse, type Preset } from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { seedStarterLooks, STARTER_LOOK_CATEGORY, STARTER_LOOKS } from './starter-looks.js';

describe.each(testDatabases)('the starter looks on $name', (database) => {
  let t: TestApp;
  let ada: LoginResponse;

  beforeAll(async () => {
    t = await startTestApp(database, { starterLooks: true });
    ada = await t.createUser('ada');
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string, method: 'GET' | 'PUT', url: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  const starterLooks = async (token: string) =>
    (await as(token, 'GET', '/preset/filtered?type=postProcess&limit=100'))
      .json<ListResult<Preset>>()
      .items.filter((preset) => preset.category === STARTER_LOOK_CATEGORY);

  it('are on a fresh install for every user to apply: default looks naming every value', async () => {
    const looks = await starterLooks(ada.accessToken);
    expect(looks.map((look) => look.name).sort()).toEqual(STARTER_LOOKS.map((look) => look.name).sort());
    for (const look of looks) {
      expect(look).toMatchObject({ type: 'postProcess', isDefault: true });
      const values = postProcessInSchema.parse(JSON.parse(look.settings));
      // Applying one replaces the look before it: nothing is left to the previous look's values.
      expect(Object.keys(values).sort()).toEqual(Object.keys(postProcessInSchema.shape).sort());
    }
  });

  it('are seeded once: a second start adds nothing, and one an administrator deleted stays deleted', async () => {
    const admin = await t.adminToken();
    const [monochrome] = (await starterLooks(admin)).filter((look) => look.name === 'Monochrome');
    expect((await as(admin, 'PUT', `/preset/${monochrome!.id}/delete`)).statusCode).toBe(204);
    const reopened = openDatabase(t.config.database);
    try {
      expect(await seedStarterLooks({ db: reopened.db, log: t.app.log })).toBe(0);
    } finally {
      await reopened.close();
    }
    expect((await starterLooks(ada.accessToken)).map((look) => look.name)).not.toContain('Monochrome');
    expect(await starterLooks(ada.accessToken)).toHaveLength(STARTER_LOOKS.length - 1);
  });
});
