import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { AffiliateLink } from '@panalo/contract/agent';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { isAgentType } from '@panalo/contract/member-types';
import { formatRate, PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/database';
import type { AffiliateLinkTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { spendForRates, wantedRates } from './downline.service';
import { agencyTerms, ratesOf } from './rebate.service';
import { inTransaction } from '../../db/transaction';

/** Open links per agent: plenty for campaigns, too few to fill a table. */
export const MAX_OPEN_LINKS = 50;
/** Unambiguous letters and digits (no 0/O, 1/I/L): codes are read aloud and typed from screenshots. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;
const DAY_MS = 86_400_000;

export const registerPath = (code: string) => `/m/register?code=${encodeURIComponent(code)}`;

function newCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

const linkUnknown = () => new DomainError('affiliate_link_unknown', 404, 'This link does not exist');

type LinkRow = Selectable<AffiliateLinkTable>;

function view(r: LinkRow, now: Date): AffiliateLink {
  return {
    id: r.id.toString(),
    code: r.code,
    path: registerPath(r.code),
    kind: r.kind,
    rates: Object.fromEntries(
      PRODUCT_GROUPS.map((g) => [g, formatRate(r.rates[g] ?? 0)]),
    ) as AffiliateLink['rates'],
    quotaSpent: r.quota_rate === null ? null : formatRate(r.quota_rate),
    expiresAt: r.expires_at?.toISOString() ?? null,
    expired: r.expires_at !== null && r.expires_at <= now,
    registrations: r.registrations,
    createdAt: r.created_at.toISOString(),
  };
}

/** Who a registration with `code` joins: an agent's own invitation code, or one of its open links. */
export interface Invitation {
  agentId: bigint;
  linkId: bigint | null;
  type: number;
  rates: Record<ProductGroup, number> | null;
}

/**
 * Finds the invitation behind a code: an active agent's own code first (a player below it at no rate),
 * else an open link of an active agent (not deleted, not expired). Undefined when neither.
 */
export async function findInvitation(
  db: Database,
  merchantId: number,
  code: string,
  now: Date,
): Promise<Invitation | undefined> {
  const agent = await db
    .selectFrom('member')
    .select(['id', 'type'])
    .where('merchant_id', '=', merchantId)
    .where('affiliate_code', '=', code)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (agent)
    return isAgentType(agent.type)
      ? { agentId: agent.id, linkId: null, type: MEMBER_TYPE.PLAYER, rates: null }
      : undefined;
  const link = await db
    .selectFrom('affiliate_link as l')
    .innerJoin('member as a', 'a.id', 'l.agent_id')
    .select(['l.id', 'l.agent_id', 'l.kind', 'l.rates', 'a.type'])
    .where('l.merchant_id', '=', merchantId)
    .where('l.code', '=', code.toUpperCase())
    .where('l.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', now)]))
    .where('a.status', '=', 'active')
    .executeTakeFirst();
  if (!link || !isAgentType(link.type)) return undefined;
  const rates = Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, link.rates[g] ?? 0])) as Record<
    ProductGroup,
    number
  >;
  return {
    agentId: link.agent_id,
    linkId: link.id,
    type: link.kind === 'agent' ? MEMBER_TYPE.AGENT : MEMBER_TYPE.PLAYER,
    rates,
  };
}

/**
 * Inside the registration's transaction, after the member row: counts the registration on its link
 * (refused when the link closed meanwhile) and gives the member the link's rates, each kept below the
 * agent's current rate by the gap (an agent whose own rate was lowered since cannot pass on more).
 */
export async function joinThroughLink(
  trx: Database,
  merchant: MerchantRow,
  inv: Invitation,
  memberId: bigint,
  now: Date,
): Promise<void> {
  if (inv.linkId === null || inv.rates === null) return;
  const counted = await trx
    .updateTable('affiliate_link')
    .set((eb) => ({ registrations: eb('registrations', '+', 1) }))
    .where('id', '=', inv.linkId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  if (counted.numUpdatedRows === 0n)
    throw new DomainError('affiliate_invalid', 400, 'Invalid invitation code');
  const gap = agencyTerms(merchant.settings).minGap;
  const own = await ratesOf(trx, inv.agentId, true);
  const given = PRODUCT_GROUPS.map(
    (g) => [g, Math.max(0, Math.min(inv.rates![g], own[g] - gap))] as const,
  ).filter(([, bp]) => bp > 0);
  if (given.length > 0) {
    await trx
      .insertInto('member_rebate')
      .values(
        given.map(([g, bp]) => ({
          merchant_id: merchant.id,
          member_id: memberId,
          product: g,
          rate_bp: bp,
          updated_at: now,
          updated_by: `link:${inv.linkId}`,
        })),
      )
      .execute();
  }
}

/** The agent's invitation links (issue 16 item 6; spec §7 affiliate URL list/create/delete, register link). */
export function affiliateLinkService(db: Database, clock: Clock) {
  return {
    /** The agent's own invitation code (made on first ask) and its register link. */
    async registerLink(merchant: MerchantRow, agentId: bigint) {
      for (let attempt = 0; ; attempt++) {
        const me = await db
          .selectFrom('member')
          .select('affiliate_code')
          .where('id', '=', agentId)
          .where('merchant_id', '=', merchant.id)
          .executeTakeFirstOrThrow();
        let code = me.affiliate_code;
        if (code === null) {
          try {
            code = newCode();
            const set = await db
              .updateTable('member')
              .set({ affiliate_code: code })
              .where('id', '=', agentId)
              .where('affiliate_code', 'is', null)
              .executeTakeFirst();
            if (set.numUpdatedRows === 0n) continue; // set by a concurrent ask: read it again
          } catch (err) {
            if (attempt < 3) continue; // the code was taken: draw another
            throw err;
          }
        }
        const joined = await db
          .selectFrom('member')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('merchant_id', '=', merchant.id)
          .where('upline_id', '=', agentId)
          .where('register_method', 'is distinct from', 'AGENT')
          .executeTakeFirstOrThrow();
        return { code, path: registerPath(code), registrations: Number(joined.n) };
      }
    },

    async list(merchant: MerchantRow, agentId: bigint, q: { page: number; pageSize: number }) {
      const rows = await db
        .selectFrom('affiliate_link')
        .selectAll()
        .select(sql<number>`count(*) over ()::int`.as('total'))
        .where('agent_id', '=', agentId)
        .where('merchant_id', '=', merchant.id)
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      const now = clock.now();
      const total = rows[0]?.total ?? 0;
      return {
        list: rows.map((r) => view(r, now)),
        pageNum: q.page,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        total,
      };
    },

    /**
     * A new link: rates below the agent's own by the gap, a quota spent when the highest is above the free
     * threshold (the same rules as opening an account), at most MAX_OPEN_LINKS open links per agent.
     */
    async create(
      merchant: MerchantRow,
      agentId: bigint,
      req: {
        kind: 'player' | 'agent';
        rates: Partial<Record<ProductGroup, string>>;
        expiresInDays: number | null;
      },
    ): Promise<AffiliateLink> {
      const terms = agencyTerms(merchant.settings);
      const wanted = wantedRates(req.rates);
      const now = clock.now();
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await inTransaction(db, 'affiliate-links.create', async (trx) => {
            // One agent's links are made one at a time: the count below stays true until commit.
            await sql`select 1 from member where id = ${agentId} for no key update`.execute(trx);
            const open = await trx
              .selectFrom('affiliate_link')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('agent_id', '=', agentId)
              .where('deleted_at', 'is', null)
              .executeTakeFirstOrThrow();
            if (Number(open.n) >= MAX_OPEN_LINKS) {
              throw new DomainError('affiliate_link_limit', 409, 'Delete a link before making another', {
                max: MAX_OPEN_LINKS,
              });
            }
            const quota = await spendForRates(trx, terms, agentId, wanted);
            const code = newCode();
            const row = await trx
              .insertInto('affiliate_link')
              .values({
                merchant_id: merchant.id,
                agent_id: agentId,
                code,
                kind: req.kind,
                rates: JSON.stringify(
                  Object.fromEntries(PRODUCT_GROUPS.filter((g) => wanted[g] > 0).map((g) => [g, wanted[g]])),
                ),
                quota_rate: quota,
                expires_at:
                  req.expiresInDays === null ? null : new Date(now.getTime() + req.expiresInDays * DAY_MS),
                created_at: now,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            await audit(trx, {
              merchantId: merchant.id,
              actor: `member:${agentId}`,
              action: 'agent.link.create',
              target: `link:${row.id}`,
              details: { kind: req.kind, rates: row.rates, quotaSpent: quota, expiresAt: row.expires_at },
              at: now,
            });
            return row;
          });
          return view(row, now);
        } catch (err) {
          // A code another link (or an agent's own code) already holds: draw another.
          if (attempt < 3 && String((err as { constraint?: string }).constraint) === 'affiliate_link_code')
            continue;
          throw err;
        }
      }
    },

    /** Deletes an open link of the agent; one nobody registered through gives its quota back. */
    async remove(merchant: MerchantRow, agentId: bigint, linkId: bigint) {
      const now = clock.now();
      return inTransaction(db, 'affiliate-links.remove', async (trx) => {
        const row = await trx
          .updateTable('affiliate_link')
          .set({ deleted_at: now })
          .where('id', '=', linkId)
          .where('agent_id', '=', agentId)
          .where('merchant_id', '=', merchant.id)
          .where('deleted_at', 'is', null)
          .returning(['id', 'quota_rate', 'registrations'])
          .executeTakeFirst();
        if (!row) throw linkUnknown();
        const back = row.registrations === 0 ? row.quota_rate : null;
        if (back !== null) {
          await trx
            .insertInto('agent_quota')
            .values({ merchant_id: merchant.id, member_id: agentId, rate_bp: back, remaining: 1 })
            .onConflict((oc) =>
              oc
                .columns(['member_id', 'rate_bp'])
                .doUpdateSet((eb) => ({ remaining: eb('agent_quota.remaining', '+', 1) })),
            )
            .execute();
        }
        await audit(trx, {
          merchantId: merchant.id,
          actor: `member:${agentId}`,
          action: 'agent.link.delete',
          target: `link:${row.id}`,
          details: { registrations: row.registrations, quotaReturned: back },
          at: now,
        });
        return { id: row.id.toString(), quotaReturned: back === null ? null : formatRate(back) };
      });
    },
  };
}
