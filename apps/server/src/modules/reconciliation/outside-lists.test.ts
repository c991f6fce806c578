import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payMongoPayments } from './outside-lists';

// The outside lists are read through failures as an outside API has them (issue 52 item 2: paged,
// retried, rate-limited): a 5xx and a 429 are waited out, anything else fails the run.
describe('reading an outside party’s list', () => {
  const app = Fastify();
  let calls = 0;
  let script: number[] = [];
  let url = '';
  beforeAll(async () => {
    app.get('/v1/payments', async (req, reply) => {
      calls += 1;
      const status = script.shift() ?? 200;
      if (status === 429) return reply.status(429).header('retry-after', '0').send({});
      if (status !== 200) return reply.status(status).send({ errors: [] });
      const after = (req.query as { after?: string }).after;
      const at = Math.floor(Date.parse('2032-05-10T12:00:00Z') / 1000);
      const payment = (id: string, ref: string) => ({
        id,
        attributes: {
          amount: 10_000,
          fee: 250,
          currency: 'PHP',
          status: 'paid',
          metadata: { pm_reference_number: ref },
          created_at: at,
          paid_at: at,
        },
      });
      return after
        ? { has_more: false, data: [payment('pay_2', '2')] }
        : { has_more: true, data: [payment('pay_1', '1')] };
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const account = { apiUrl: '', secretKey: 'sk_test_x', webhookSecret: 'w', livemode: false };
  const day = { from: new Date('2032-05-10T00:00:00Z'), to: new Date('2032-05-11T00:00:00Z') };

  it('waits out a 503 and a 429 and reads every page, with the payment’s reference and fee', async () => {
    script = [503, 429];
    calls = 0;
    const items: { ref: string; ref2: string | null; fee: bigint }[] = [];
    const read = await payMongoPayments({ ...account, apiUrl: url }, { backoffMs: 1, perSecond: 1000 }).list(
      day,
      async (page) => {
        items.push(...page);
      },
    );
    expect(read).toEqual({ pages: 2, items: 2 });
    expect(calls).toBe(4);
    expect(items.map((i) => [i.ref, i.ref2, i.fee])).toEqual([
      ['pay_1', '1', 250n],
      ['pay_2', '2', 250n],
    ]);
  });

  it('gives up after its attempts, and at once on a refusal, with recon_source_unavailable', async () => {
    script = [500, 500, 500];
    const lists = payMongoPayments(
      { ...account, apiUrl: url },
      { backoffMs: 1, perSecond: 1000, attempts: 3 },
    );
    await expect(lists.list(day, async () => {})).rejects.toMatchObject({ code: 'recon_source_unavailable' });
    script = [401];
    calls = 0;
    await expect(lists.list(day, async () => {})).rejects.toMatchObject({ code: 'recon_source_unavailable' });
    expect(calls).toBe(1);
  });
});
