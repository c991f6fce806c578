import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersRepository, type MemberRow } from '../modules/identity/members.repository';
import { bearer, createMember, sessionFor } from '../test-support/members';
import { expectLedgerClean } from '../test-support/ledger';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { encode, operations, resolver, validOf, type Schema } from '../test-support/openapi-arbitraries';

/**
 * Issue 51 item 5: brands kept apart, proved from outside. Every operation of the OpenAPI document that
 * names a record in its path or its query is called as Panalo's owner, a Panalo member and a Panalo agent,
 * with the ids of Luzon Palace's records (its members, mail, feedback, deposit orders, withdrawals,
 * promotions, contracts, announcements…) in every such place, and bodies valid by the schema. Nothing may
 * reveal Luzon's records (its marked texts and usernames never appear in an answer) or change them (a
 * digest of every Luzon row of every table with a merchant_id is the same after the sweep), and nothing
 * answers 5xx.
 */
const SEED = 2026_11_30;
const MARK = 'LUZONSECRET';

describe('brands kept apart: every route with another brand’s ids (issue 51 item 5)', () => {
  let t: TestApp;
  let luzon: number;
  const ids = new Set<string>();
  const markers: string[] = [MARK];

  /** A digest of every Luzon row of every table that has a merchant_id column. */
  const luzonDigest = async (): Promise<string> => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where column_name = 'merchant_id' and table_schema = 'public'
      order by table_name`.execute(t.ctx.db);
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const r = await sql<{ d: string | null; n: string }>`
        select md5(string_agg(x::text, '|' order by x::text)) as d, count(*)::text as n
        from ${sql.table(table_name)} x where merchant_id = ${luzon}`.execute(t.ctx.db);
      parts.push(`${table_name}:${r.rows[0]!.n}:${r.rows[0]!.d ?? ''}`);
    }
    return parts.join('\n');
  };

  beforeAll(async () => {
    t = await createTestApp();
    luzon = (
      await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'luzon').executeTakeFirstOrThrow()
    ).id;
    // Luzon's records with texts only Luzon may see.
    const player = await createMember(t, {
      merchant: 'luzon',
      nickname: `${MARK}nick`,
      email: `${MARK.toLowerCase()}@luzon.example`,
    });
    const agent = await createMember(t, { merchant: 'luzon', type: 1 });
    markers.push(player.username, agent.username, 'luzon01');
    const at = t.clock.now();
    await t.ctx.db
      .insertInto('feedback')
      .values({
        merchant_id: luzon,
        member_id: player.id,
        category: 'OTHER',
        content: `${MARK} feedback`,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await t.ctx.db
      .insertInto('mail')
      .values({
        merchant_id: luzon,
        kind: 'operator',
        audience: 'all',
        vip_levels: null,
        agent_id: null,
        member_types: null,
        title: `${MARK} mail`,
        body: `${MARK} body`,
        template: null,
        sent_by: null,
        created_at: at,
      })
      .execute();
    // Every id Luzon's tables hold (the `id` column), each one a candidate for every id a route takes.
    const tables = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      join information_schema.columns m on m.table_name = c.table_name and m.column_name = 'merchant_id'
      where c.column_name = 'id' and c.table_schema = 'public' and m.table_schema = 'public'`.execute(
      t.ctx.db,
    );
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ id: string }>`
        select id::text as id from ${sql.table(table_name)} where merchant_id = ${luzon} order by id desc limit 3`.execute(
        t.ctx.db,
      );
      for (const r of rows.rows) ids.add(r.id);
    }
    ids.add(String(player.id));
    ids.add(String(agent.id));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('no answer to Panalo’s staff, members or agents reveals or changes a Luzon record', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
      components?: { schemas?: Record<string, Schema> };
    }>();
    const resolve = resolver(doc);
    // Routes that name a record: a path parameter, or a query parameter called like an id.
    const named = operations(doc).filter(
      (op) =>
        !op.path.startsWith('/api/provider/') &&
        op.parameters.some(
          (p) => p.in === 'path' || (p.in === 'query' && /(^id$|Id$|^member|^username$)/.test(p.name)),
        ),
    );
    expect(named.length).toBeGreaterThan(40);
    const repo = membersRepository(t.ctx.db);
    const people: Record<string, MemberRow> = {
      operator: (await repo.findByUsername(1, 'ops01'))!,
      member: await createMember(t, {}),
      agent: await createMember(t, { type: 1 }),
    };
    const tokens = Object.fromEntries(
      await Promise.all(Object.entries(people).map(async ([k, m]) => [k, await sessionFor(t, m)] as const)),
    );
    const before = await luzonDigest();
    const found: string[] = [];
    let sent = 0;
    const candidates = [...ids];
    for (const [i, op] of named.entries()) {
      const body = op.body
        ? fc.sample(validOf(resolve, op.body), { seed: SEED + i, numRuns: 1 })[0]
        : undefined;
      for (const who of ['operator', 'member', 'agent'] as const) {
        for (const id of candidates) {
          let url = op.path;
          const query: string[] = [];
          for (const p of op.parameters) {
            if (p.in === 'path')
              url = url.replace(`{${p.name}}`, encode(/username/i.test(p.name) ? 'luzon01' : id));
            else if (p.in === 'query' && /(^id$|Id$|^member|^username$)/.test(p.name))
              query.push(`${encode(p.name)}=${encode(/username/i.test(p.name) ? 'luzon01' : id)}`);
          }
          if (query.length) url += `?${query.join('&')}`;
          const headers: Record<string, string> = { ...bearer(tokens[who]!) };
          if (op.method !== 'GET') headers['idempotency-key'] = `iso-${SEED}-${sent}`;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: body !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
          });
          sent++;
          const what = `${who} ${op.method} ${url}`;
          if (res.statusCode >= 500) found.push(`${res.statusCode} ${what} → ${res.body.slice(0, 160)}`);
          const shown = markers.find((m) => res.body.toLowerCase().includes(m.toLowerCase()));
          if (shown) found.push(`reveals ${shown}: ${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    console.log(
      `info brand-isolation: ${sent} requests over ${named.length} operations × 3 identities × ${candidates.length} Luzon ids`,
    );
    expect(found.slice(0, 20)).toEqual([]);
    expect(await luzonDigest()).toBe(before);
  }, 240_000);
});
