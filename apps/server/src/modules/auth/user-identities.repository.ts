import type { Db } from '../../db/database.js';
import type { NewUserRow, UserIdentityRow } from '../../db/schema.js';

export class UserIdentitiesRepository {
  constructor(private readonly db: Db) {}

  async findUserId(issuer: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Creates a user and their identity together, so that a failed link never leaves an orphan account behind. */
  async insertUserWithIdentity(user: NewUserRow, identity: UserIdentityRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user).execute();
      await trx.insertInto('user_identities').values(identity).execute();
    });
  }
}
