import Fastify, { type FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorSim, type VendorSim } from './vendor-sim.server';

// The simulator against a fake operator that misbehaves on purpose: what a real vendor must do when the
// wallet does not answer.
describe('vendor simulator against an operator that fails', () => {
  const secret = 'op-secret';
  const calls: { callback: string; body: Record<string, unknown>; signed: boolean }[] = [];
  let failures: Record<string, number> = {};
  let operator: FastifyInstance;
  let sim: VendorSim;

  beforeAll(async () => {
    operator = Fastify({ logger: false });
    operator.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    operator.post('/api/game-wallet/PSIM/:callback', async (req, reply) => {
      const raw = String(req.body);
      const callback = (req.params as { callback: string }).callback;
      const signed = req.headers['x-signature'] === createHmac('sha256', secret).update(raw).digest('hex');
      calls.push({ callback, body: JSON.parse(raw) as Record<string, unknown>, signed });
      if ((failures[callback] ?? 0) > 0) {
        failures[callback]!--;
        return reply.status(500).send({ success: false, code: 'internal' });
      }
      return { success: true, value: { balance: '100.00', currency: 'PHP' } };
    });
    await operator.listen({ port: 0, host: '127.0.0.1' });
    const port = (operator.server.address() as { port: number }).port;
    sim = await startVendorSim({
      apiBaseUrl: `http://127.0.0.1:${port}`,
      secretFor: async (m) => (m === 'panalo' ? secret : undefined),
      random: () => 0,
    });
  });
  afterAll(async () => {
    await sim?.close();
    await operator?.close();
  });

  const round = async () => {
    const page = new URLSearchParams({
      token: 't'.repeat(32),
      merchant: 'panalo',
      back: 'http://localhost/m/home',
      type: 'RNG',
      name: 'Test slot',
    });
    expect((await fetch(`${sim.url}/games/byn-x?${page.toString()}`)).status).toBe(200);
    return fetch(`${sim.url}/api/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 't'.repeat(32), merchant: 'panalo', stake: '1.00' }),
    });
  };

  it('API-064 a bet the operator fails on is rolled back under its txId, and the page is told', async () => {
    calls.length = 0;
    failures = { bet: 1 };
    const res = await round();
    expect(res.status).toBe(502);
    expect(calls.map((c) => c.callback)).toEqual(['bet', 'rollback']);
    expect(calls[1]!.body.originalTxId).toBe(calls[0]!.body.txId);
    expect(calls.every((c) => c.signed)).toBe(true);
  });

  it('API-064 a win the operator fails on is repeated with the same txId until it lands, then the round ends', async () => {
    calls.length = 0;
    failures = { win: 2 };
    const res = await round();
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.callback)).toEqual(['bet', 'win', 'win', 'win', 'end']);
    const wins = calls.filter((c) => c.callback === 'win').map((c) => c.body.txId);
    expect(new Set(wins).size).toBe(1);
    expect(sim.rounds.at(-1)).toMatchObject({ settled: true });
  });

  it('API-064 a merchant the simulator has no secret for is refused without calling anyone', async () => {
    calls.length = 0;
    const res = await fetch(`${sim.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 't'.repeat(32), merchant: 'stranger' }),
    });
    expect(res.status).toBe(404);
    expect(calls).toHaveLength(0);
  });
});
