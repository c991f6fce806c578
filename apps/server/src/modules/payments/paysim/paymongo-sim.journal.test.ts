import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPaySim } from './paysim.server';

const dir = mkdtempSync(path.join(os.tmpdir(), 'paymongo-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the demo PayMongo’s payments list (issue 52 item 4)', () => {
  it('lists the payments it took, newest first and paged, with their fees and references, and keeps them (and the breaks planted on them) across a restart', async () => {
    const file = path.join(dir, 'payments.jsonl');
    const account = {
      secretKey: 'sk_test_journal',
      webhookSecret: 'whsk_journal',
      webhookUrl: 'http://127.0.0.1:9/nowhere',
      livemode: false,
    };
    const auth = `Basic ${Buffer.from(`${account.secretKey}:`).toString('base64')}`;
    const sim = await startPaySim({ secret: 's', payMongoJournalFile: file });
    sim.paymongo.addAccount(account);
    const ids: string[] = [];
    for (const ref of ['7', '8', '9']) {
      const res = await fetch(`${sim.url}/v1/checkout_sessions`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          data: {
            attributes: {
              line_items: [{ name: `Deposit ${ref}`, amount: 50_000, currency: 'PHP', quantity: 1 }],
              payment_method_types: ['gcash'],
              success_url: 'http://localhost/',
              cancel_url: 'http://localhost/',
              reference_number: ref,
            },
          },
        }),
      });
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      // Taken, and no webhook ever sent: a payment we would never credit.
      await sim.paymongo.pay(id, 'paid', { webhook: false });
      ids.push(id);
    }
    sim.paymongo.plant(ids[1]!, 'amount_off');
    await sim.close();

    const again = await startPaySim({ secret: 's', payMongoJournalFile: file });
    again.paymongo.addAccount({ ...account });
    type Listed = {
      has_more: boolean;
      data: {
        id: string;
        attributes: { amount: number; fee: number; metadata: { pm_reference_number: string } };
      }[];
    };
    const list = async (q: string) =>
      (await (
        await fetch(`${again.url}/v1/payments?${q}`, { headers: { authorization: auth } })
      ).json()) as Listed;
    const first = await list('limit=2');
    expect(first.has_more).toBe(true);
    expect(first.data.map((p) => [p.attributes.metadata.pm_reference_number, p.attributes.amount])).toEqual([
      ['9', 50_000],
      ['8', 50_001],
    ]);
    expect(first.data[0]!.attributes.fee).toBe(1250);
    const rest = await list(`limit=2&after=${first.data[1]!.id}`);
    expect(rest.has_more).toBe(false);
    expect(rest.data.map((p) => p.attributes.metadata.pm_reference_number)).toEqual(['7']);
    const other = await fetch(`${again.url}/v1/payments`, { headers: { authorization: 'Basic eDo=' } });
    expect(other.status).toBe(401);
    await again.close();
  });
});
