import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { contractService } from './contracts.service';

/**
 * The demo's contracts (issue 17), made through the contract service as the operator and the agents
 * would: the operator offers the demo agent a daily salary and a dividend contract, which it accepts;
 * the agent offers its player downline a daily salary, which waits for an answer (the prompt on home).
 * Done once: an agent that already has a contract is left as it is. Returns the contracts made.
 */
export async function seedDemoContracts(
  db: Database,
  clock: Clock,
  o: { merchant: string; operator: string; agent: string; downline: string },
): Promise<number> {
  const people = await db
    .selectFrom('member as p')
    .innerJoin('merchant as m', 'm.id', 'p.merchant_id')
    .select(['p.id', 'p.username', 'p.upline_id', 'm.id as merchant_id'])
    .where('m.code', '=', o.merchant)
    .where('p.username', 'in', [o.operator, o.agent, o.downline])
    .execute();
  const by = (u: string) => people.find((p) => p.username === u);
  const [operator, agent, downline] = [by(o.operator), by(o.agent), by(o.downline)];
  if (!operator || !agent || !downline || downline.upline_id !== agent.id) return 0;
  const had = await db
    .selectFrom('contract')
    .select('id')
    .where('member_id', '=', agent.id)
    .executeTakeFirst();
  if (had) return 0;

  const contracts = contractService(db, clock);
  const merchant = { id: agent.merchant_id, settings: {} };
  const salary = await contracts.offerAsOperator(merchant.id, operator.id, {
    username: o.agent,
    kind: 'daily_salary',
    scope: 'all',
    tiers: [
      { turnover: '10000', active: 3, rate: '0.50' },
      { turnover: '50000', active: 10, rate: '1.00' },
      { turnover: '200000', active: 30, rate: '1.50' },
    ],
    cap: '5000',
    reason: 'demo terms',
  });
  await contracts.decide(merchant, agent.id, BigInt(salary.id), 'accept');
  const dividend = await contracts.offerAsOperator(merchant.id, operator.id, {
    username: o.agent,
    kind: 'dividend',
    scope: 'all',
    tiers: [
      { turnover: '0', active: 0, rate: '20' },
      { turnover: '100000', active: 10, rate: '30' },
    ],
    cap: null,
    reason: 'demo terms',
  });
  await contracts.decide(merchant, agent.id, BigInt(dividend.id), 'accept');
  await contracts.offer(merchant.id, agent.id, {
    memberId: downline.id.toString(),
    kind: 'daily_salary',
    scope: 'all',
    tiers: [
      { turnover: '10000', active: 3, rate: '0.30' },
      { turnover: '50000', active: 10, rate: '0.60' },
    ],
    cap: '2000',
  });
  return 3;
}
