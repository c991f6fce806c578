import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The downline tree (issue 16 item 1). Each member's `path` (`/<top>/…/<upline>/<id>/`, migration 0025)
 * is kept by the database from upline_id; a subtree is one range of the path index: from the agent's
 * path up to it with its last '/' turned into '0' (byte order: '/' sorts just below the digits). Every
 * agent route asks `contains` before it reads or acts on a member: an agent sees its own subtree only.
 */
const inSubtree = sql`m.path >= a.path and m.path < left(a.path, -1) || '0'`;
export const tree = {
  /** Whether `memberId` is `agentId` itself or below it, within the merchant. */
  async contains(db: Database, merchantId: number, agentId: bigint, memberId: bigint): Promise<boolean> {
    const r = await sql<{ inside: boolean }>`
      select exists (
        select 1 from member a join member m on m.merchant_id = a.merchant_id and ${inSubtree}
        where a.merchant_id = ${merchantId} and a.id = ${agentId} and m.id = ${memberId}
      ) as inside`.execute(db);
    return r.rows[0]?.inside === true;
  },

  /** The members below `agentId` (itself excluded) with their depth under it (1 = direct downline). */
  async below(db: Database, merchantId: number, agentId: bigint) {
    const r = await sql<{ id: bigint; username: string; depth: number }>`
      select m.id, m.username,
        (length(m.path) - length(replace(m.path, '/', ''))) - (length(a.path) - length(replace(a.path, '/', '')))
          as depth
      from member a join member m on m.merchant_id = a.merchant_id and ${inSubtree} and m.id <> a.id
      where a.merchant_id = ${merchantId} and a.id = ${agentId}
      order by m.path`.execute(db);
    return r.rows.map((x) => ({ id: BigInt(x.id), username: x.username, depth: Number(x.depth) }));
  },
};
