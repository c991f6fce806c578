import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { seedGames } from './games.seed';

export type Ok<T> = { success: true; value: T };
export type Err = { success: false; code: string; message: string };

/** The real app with the games catalogue seeded (a no-op once the demo seed itself calls seedGames). */
export async function gamesTestApp(): Promise<TestApp> {
  const t = await createTestApp();
  await seedGames(t.ctx.db);
  return t;
}

export const HOSTS = { panalo: 'localhost', luzon: 'luzon.localhost' } as const;

/** A request at a merchant (by Host), optionally as a member. */
export function caller(t: TestApp) {
  return <T>(
    method: InjectOptions['method'],
    url: string,
    o: { merchant?: keyof typeof HOSTS; token?: string; body?: unknown } = {},
  ) =>
    t.request<T>({
      method,
      url,
      headers: { host: HOSTS[o.merchant ?? 'panalo'], ...(o.token ? bearer(o.token) : {}) },
      ...(o.body !== undefined ? { payload: o.body as Record<string, unknown> } : {}),
    });
}

/** A fresh member of a merchant and a live session token for it. */
export async function memberWithToken(t: TestApp, merchant: keyof typeof HOSTS = 'panalo', type = 0) {
  const m = await createMember(t, { merchant, type });
  return { member: m, token: await sessionFor(t, m) };
}

/** A game row by vendor and vendor game code. */
export async function gameByCode(t: TestApp, vendor: string, gameId: string) {
  return t.ctx.db
    .selectFrom('game')
    .selectAll()
    .where('vendor_code', '=', vendor)
    .where('game_id', '=', gameId)
    .executeTakeFirstOrThrow();
}
