import { randomUUID } from 'node:crypto';
import type { Journal } from '../../lib/journal';

// What the simulator playing Hub88 remembers of the Wallet API calls it made (issue 52 item 4), and
// serves back through Hub88's Transactions API (`transactions/list`): each bet, win and rollback it
// sent, with its status as Hub88 books it. Breaks are planted here on request: a win that never reached
// the operator, a round paid twice, an amount off by one centavo.

/** Hub88's statuses of a gameplay transaction (as the Transactions API reports them). */
export type Hub88TxStatus = 'TS_SUCCESS' | 'TS_DECLINED' | 'TS_ROLLED_BACK' | 'TS_PENDING';

/** One transaction as Hub88 lists it: amounts in units × 100,000, times in ISO 8601 UTC. */
export interface Hub88Tx {
  transaction_uuid: string;
  reference_transaction_uuid: string | null;
  type: 'bet' | 'win' | 'rollback';
  sub_partner_id: string;
  user: string;
  round: string;
  game_code: string;
  currency: string;
  amount: number;
  status: Hub88TxStatus;
  created_at: string;
}

/** The filter of a `transactions/list` call, as the simulator applies it. */
export interface Hub88TxFilter {
  subPartnerId?: string;
  user?: string;
  round?: string;
  /** [from, to) in ms. */
  from?: number;
  to?: number;
}

/** Where the simulator's Transactions API reads from: what it sent, or (the bench) a made-up day. */
export interface Hub88TxSource {
  /** The matching transactions in the order they were made, `offset` onwards, at most `limit`. */
  page(f: Hub88TxFilter, offset: number, limit: number): { items: Hub88Tx[]; total: number };
}

export type Hub88Plant = 'unanswered_win' | 'double_round' | 'amount_off';

/** Transactions kept in memory (the oldest forgotten first); far above a demo's or a test's day. */
const MAX_KEPT = 2_000_000;

/** A line of the book's journal: a transaction booked, or a change to one. */
type BookLine = { tx: Hub88Tx } | { uuid: string; status?: Hub88TxStatus; amount?: number };

/**
 * Hub88's books in the demo: every transaction the simulator sent, and breaks planted on request; kept
 * in `journal` (npm start: under DATA_DIR) so that they outlive a restart.
 */
export function hub88TransactionBook(journal?: Journal) {
  const items: Hub88Tx[] = [];
  const byUuid = new Map<string, Hub88Tx>();
  const keep = (t: Hub88Tx) => {
    items.push(t);
    byUuid.set(t.transaction_uuid, t);
    if (items.length > MAX_KEPT) byUuid.delete(items.shift()!.transaction_uuid);
    return t;
  };
  const change = (uuid: string, c: { status?: Hub88TxStatus; amount?: number }) => {
    const t = byUuid.get(uuid);
    if (!t) return;
    if (c.status !== undefined) t.status = c.status;
    if (c.amount !== undefined) t.amount = c.amount;
  };
  for (const line of (journal?.earlier ?? []) as BookLine[])
    if ('tx' in line) keep(line.tx);
    else change(line.uuid, line);
  const kept = (t: Hub88Tx) => {
    journal?.append({ tx: t } satisfies BookLine);
    return keep(t);
  };
  const matches = (t: Hub88Tx, f: Hub88TxFilter) => {
    if (f.subPartnerId !== undefined && t.sub_partner_id !== f.subPartnerId) return false;
    if (f.user !== undefined && t.user !== f.user) return false;
    if (f.round !== undefined && t.round !== f.round) return false;
    const at = Date.parse(t.created_at);
    return (f.from === undefined || at >= f.from) && (f.to === undefined || at < f.to);
  };
  /** The merchant's last paid win, one that paid something if any did. */
  const lastWin = (merchant: string) => {
    let any: Hub88Tx | undefined;
    for (let i = items.length - 1; i >= 0; i--) {
      const t = items[i]!;
      if (t.sub_partner_id !== merchant || t.type !== 'win' || t.status !== 'TS_SUCCESS') continue;
      if (t.amount > 0) return t;
      any ??= t;
    }
    return any;
  };
  const book = {
    items,
    /** Books a call as it was sent; its status follows from the operator's answer (`setStatus`). */
    record(t: Omit<Hub88Tx, 'created_at' | 'status'> & { status?: Hub88TxStatus; at: Date }): Hub88Tx {
      const { at, ...rest } = t;
      return kept({ status: 'TS_PENDING', ...rest, created_at: at.toISOString() });
    },
    setStatus(uuid: string, status: Hub88TxStatus) {
      change(uuid, { status });
      journal?.append({ uuid, status } satisfies BookLine);
    },
    source: {
      page(f, offset, limit) {
        const all = items.filter((t) => matches(t, f));
        return { items: all.slice(offset, offset + limit), total: all.length };
      },
    } satisfies Hub88TxSource,
    /**
     * Plants a break in the merchant's books at Hub88, on its last paid round: a win Hub88 booked but
     * never delivered (`unanswered_win`), the same round's win booked twice (`double_round`, the copy
     * never delivered), or the round's win one centavo more at Hub88 than it sent (`amount_off`).
     * Null when the merchant has no paid round yet.
     */
    plant(kind: Hub88Plant, merchant: string, at: Date): Hub88Tx | null {
      const win = lastWin(merchant);
      if (!win) return null;
      if (kind === 'amount_off') {
        change(win.transaction_uuid, { amount: win.amount + 1000 });
        journal?.append({ uuid: win.transaction_uuid, amount: win.amount } satisfies BookLine);
        return win;
      }
      return kept({
        ...win,
        transaction_uuid: randomUUID(),
        round: kind === 'double_round' ? win.round : `${win.round}-lost`,
        amount: kind === 'double_round' ? win.amount : Math.max(win.amount, 100_000),
        status: 'TS_SUCCESS',
        created_at: at.toISOString(),
      });
    },
  };
  return book;
}
export type Hub88TransactionBook = ReturnType<typeof hub88TransactionBook>;
