import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journal } from '../../lib/journal';
import { hub88TransactionBook } from './hub88-transactions-sim';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hub88-book-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Hub88's books in the demo (issue 52 item 4)", () => {
  it('keep every transaction sent, its status and the breaks planted on it across a restart', () => {
    const file = path.join(dir, 'book.jsonl');
    const book = hub88TransactionBook(journal(file));
    const at = new Date('2032-05-10T09:00:00Z');
    const tx = { user: 'm000042', round: 'r1', game_code: 'g', currency: 'PHP', sub_partner_id: 'panalo' };
    book.record({
      ...tx,
      transaction_uuid: 'b1',
      reference_transaction_uuid: null,
      type: 'bet',
      amount: 500_000,
      at,
    });
    book.setStatus('b1', 'TS_SUCCESS');
    book.record({
      ...tx,
      transaction_uuid: 'w1',
      reference_transaction_uuid: 'b1',
      type: 'win',
      amount: 900_000,
      at,
    });
    book.setStatus('w1', 'TS_SUCCESS');
    expect(book.plant('amount_off', 'panalo', at)?.amount).toBe(901_000);
    const twice = book.plant('double_round', 'panalo', at)!;
    expect(book.plant('unanswered_win', 'luzon', at)).toBeNull();

    const again = hub88TransactionBook(journal(file));
    const listed = again.source.page(
      { subPartnerId: 'panalo', from: at.getTime(), to: at.getTime() + 1 },
      0,
      10,
    );
    expect(listed.total).toBe(3);
    expect(listed.items.map((t) => [t.transaction_uuid, t.status, t.amount])).toEqual([
      ['b1', 'TS_SUCCESS', 500_000],
      ['w1', 'TS_SUCCESS', 901_000],
      [twice.transaction_uuid, 'TS_SUCCESS', 901_000],
    ]);
    // A round's transactions, as the break's story asks for them.
    expect(again.source.page({ round: 'r1' }, 0, 10).total).toBe(3);
  });
});
