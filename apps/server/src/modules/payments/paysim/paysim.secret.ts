import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database';

const NAME = 'paysim.secret';

/**
 * The secret PaySim signs with, shared by every API process through app_secret: the first process to
 * start creates it, the others read the same row.
 */
export async function paysimSecret(db: Database): Promise<string> {
  await db
    .insertInto('app_secret')
    .values({ name: NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secret')
    .select('value')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}
