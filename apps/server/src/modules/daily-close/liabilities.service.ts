import { createHmac } from 'node:crypto';
import { formatAmount } from '@panalo/contract/money';
import type { LiabilityProof, PublishedLiabilities } from '@panalo/contract/liabilities';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { sharedKey } from '../../lib/sealed';
import { liabilitiesRepository } from './liabilities.repository';
import { leafNode, sumTreeLevels, sumTreePath } from './sum-tree';

const SALT_KEY = 'liabilities.salt-key';

/** The salts' key, read (and made, the first time) once per database, not on every proof asked for. */
const saltKeys = new WeakMap<Database, Promise<Buffer>>();
function saltKey(db: Database): Promise<Buffer> {
  if (db.isTransaction) return sharedKey(db, SALT_KEY);
  let key = saltKeys.get(db);
  if (!key) {
    key = sharedKey(db, SALT_KEY);
    key.catch(() => saltKeys.delete(db));
    saltKeys.set(db, key);
  }
  return key;
}

/** A member's salt of a day: derived, never stored, shown only to the member in their proof. */
const saltOf = (key: Buffer, merchantId: number, day: string, memberId: bigint) =>
  createHmac('sha256', key).update(`${merchantId}:${day}:${memberId}`).digest('hex');

/**
 * The proof of liabilities (issue 52 item 5): published with each daily close, in its transaction; the
 * latest root and total for everyone, and each member's inclusion proof for themselves.
 */
export function liabilitiesService(db: Database) {
  const repo = liabilitiesRepository(db);
  return {
    /** Every member's players' money at the day's end (the tree's leaves, before their salts). */
    memberBalances: (merchantId: number, currency: string, end: Date) =>
      repo.memberBalances(merchantId, currency, end),

    /**
     * Builds and stores the day's tree over every member's closing balance (leaves in the order of their
     * hashes, so the order says nothing of the members); its total is the close's member liabilities.
     */
    async publish(o: {
      merchantId: number;
      day: string;
      currency: string;
      at: Date;
      /** Every member's closing balance (memberBalances), none negative. */
      balances: { memberId: bigint; balance: bigint }[];
    }) {
      const key = await saltKey(db);
      const { balances } = o;
      if (balances.some((b) => b.balance < 0n)) throw new Error('a negative balance is never published');
      const leaves = balances
        .map((b) => ({
          ...b,
          ...leafNode(saltOf(key, o.merchantId, o.day, b.memberId), b.memberId, b.balance),
        }))
        .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
      const levels = sumTreeLevels(leaves);
      const root = levels.at(-1)![0]!;
      await repo.insertTree({ ...o, root: root.hash, total: root.sum, members: leaves.length });
      await repo.insertLeaves(o, leaves);
      return { root: root.hash, total: root.sum, members: leaves.length };
    },

    /** The merchant's latest published root and total (null before its first close). */
    async published(merchantId: number): Promise<PublishedLiabilities | null> {
      const t = await repo.tree(merchantId);
      return t
        ? {
            day: t.day_text,
            currency: t.currency,
            root: t.root,
            total: formatAmount(t.total),
            members: t.members,
            publishedAt: new Date(t.created_at).toISOString(),
          }
        : null;
    },

    /** A member's inclusion proof for a closed day (the latest when none is asked); 404 proof_none. */
    async proof(merchantId: number, memberId: bigint, day?: string): Promise<LiabilityProof> {
      const t = await repo.tree(merchantId, day);
      const none = () => new DomainError('proof_none', 404, 'No published balance of yours for this day');
      if (!t) throw none();
      const key = { merchantId, day: t.day_text, currency: t.currency };
      const rows = await repo.leaves(key);
      const index = rows.findIndex((r) => r.member_id === memberId);
      if (index < 0) throw none();
      const levels = sumTreeLevels(rows.map((r) => ({ hash: r.hash, sum: BigInt(r.balance) })));
      const salt = saltOf(await saltKey(db), merchantId, t.day_text, memberId);
      return {
        day: t.day_text,
        currency: t.currency,
        root: t.root,
        total: t.total.toString(),
        leaf: { salt, memberId: memberId.toString(), balance: rows[index]!.balance.toString() },
        path: sumTreePath(levels, index),
      };
    },
  };
}
