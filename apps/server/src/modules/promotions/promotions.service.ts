import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { dayIn } from '@panalo/contract/age';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { PromotionItem, RewardItem } from '@panalo/contract/promotions';
import { periodKey, previousDay, streakReward, type ClaimStatus } from '@panalo/contract/promotion-rules';
import { PREPARED, type Database } from '../../db/database';
import type { ClaimTerms, PromotionReward, PromotionTexts } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError, notFound } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { fillFigures, loadFigures } from './promotion-figures';
import type { MerchantRow } from '../merchants/merchants.repository';
import { inTransaction } from '../../db/transaction';
import { promotionArtUrl } from './promotion-art';

export type PromotionRow = Awaited<ReturnType<typeof loadPromotions>>[number];

export function loadPromotions(db: Database, merchantId: number) {
  return db
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A promotion's texts in the asked language, else the merchant's default, else any. */
export function textsIn(texts: PromotionTexts, lang: string | undefined, fallback: string) {
  return (
    (lang ? texts[lang] : undefined) ?? texts[fallback] ?? Object.values(texts)[0] ?? { title: '', terms: '' }
  );
}

const closed = (p: PromotionRow, now: Date) =>
  (p.ends_at !== null && p.ends_at <= now) || (p.budget !== null && p.granted >= p.budget);

const streakAmounts = (p: PromotionRow): bigint[] =>
  p.reward.type === 'streak' ? p.reward.amounts.map((a) => BigInt(a)) : [];

const refuse = (code: string, status: number, message: string) => new DomainError(code, status, message);

/** The ledger accounts a promotion's money comes from, one per member shard. */
export const PROMOTION_SHARDS = 64;

const PAY_REFUSALS: Record<string, () => DomainError> = {
  promotion_budget_used: () => refuse('promotion_budget_used', 409, 'This promotion has given all it can'),
  reward_not_claimable: () => refuse('reward_not_claimable', 409, 'This reward cannot be claimed'),
};

/** A pay call's refusals (raised in the database) as the API's errors. */
async function paid<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const refusal = e.code === 'P0001' && e.message ? PAY_REFUSALS[e.message] : undefined;
    throw refusal ? refusal() : err;
  }
}

/**
 * The promotion engine (issue 18), first kinds: daily check-in (signed once a day, paid by streak) and
 * operator-granted rewards (issued into the reward centre, claimed by the member). Every credit is one
 * transaction: the claim row (unique per promotion, member and period), the budget (granted + amount ≤
 * budget, or nothing), the ledger transfer (idempotent per claim), the turnover requirement and the mail.
 */
/**
 * Pays a claim inside the caller's transaction (db/functions/promotion_pay.sql: the turnover requirement,
 * the mail when the member did not ask for the credit, the transfer reserved on the claim, the budget
 * last); refuses with promotion_budget_used when the budget cannot carry it, and then nothing of it is
 * written.
 */
export async function payClaim(
  trx: Database,
  claim: { id: bigint; transfer_id: bigint | null },
  at: Date,
  mail: boolean,
) {
  await paid(
    sql`select promotion_pay(${claim.id}::bigint, ${claim.transfer_id}::bigint, ${at}::timestamptz,
      ${PROMOTION_SHARDS}::integer, ${mail}::boolean)`.execute(trx),
  );
}

export function promotionsService(db: Database, clock: Clock) {
  const today = (merchant: MerchantRow) => dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');

  return {
    /** The merchant's live promotions (not the ones long ended), with my status in each. */
    async list(
      merchant: MerchantRow,
      memberId: bigint | null,
      lang: string | undefined,
    ): Promise<PromotionItem[]> {
      const now = clock.now();
      // The VIP club's level-up bonus is on the benefits screen, not a card of the events tab.
      const promotions = (await loadPromotions(db, merchant.id)).filter(
        (p) =>
          p.kind !== 'vip' && (p.ends_at === null || p.ends_at.getTime() > now.getTime() - 7 * 86_400_000),
      );
      const day = today(merchant);
      const mine =
        memberId === null || promotions.length === 0
          ? []
          : await db
              .selectFrom('promotion_claim')
              .select(['promotion_id', 'period_key', 'status', 'streak'])
              .where('member_id', '=', memberId)
              .where(
                'promotion_id',
                'in',
                promotions.map((p) => p.id),
              )
              .where('period_key', 'in', [
                'once',
                day,
                previousDay(day),
                periodKey('weekly', day),
                periodKey('monthly', day),
              ])
              .execute();
      // Not open to me (eligibility, exclusions): not shown, unless I already take part this period.
      const closedToMe =
        memberId === null
          ? new Set<bigint>()
          : await ineligibleOf(
              db,
              promotions.map((p) => p.id),
              memberId,
              now,
            );
      const shown = promotions.filter(
        (p) =>
          !closedToMe.has(p.id) ||
          mine.some((c) => c.promotion_id === p.id && c.period_key === periodKey(p.period, day)),
      );
      const texts = new Map(shown.map((p) => [p.id, textsIn(p.texts, lang, merchant.default_language)]));
      const known = await loadFigures(
        db,
        merchant.id,
        [...texts.values()].flatMap((t) => [t.title, t.terms]),
      );
      return shown.map((p) => {
        const key = periodKey(p.period, day);
        const claim = mine.find((c) => c.promotion_id === p.id && c.period_key === key);
        let status: ClaimStatus | null = null;
        if (p.starts_at > now) status = 'coming';
        else if (claim && claim.status !== 'expired' && claim.status !== 'forfeited') status = claim.status;
        else if (closed(p, now)) status = 'close';
        const text = texts.get(p.id)!;
        const yesterday = mine.find((c) => c.promotion_id === p.id && c.period_key === previousDay(day));
        return {
          id: p.id.toString(),
          kind: p.kind,
          category: p.category,
          title: fillFigures(text.title, known),
          terms: sanitizeContentHtml(fillFigures(text.terms, known)),
          startsAt: p.starts_at.toISOString(),
          endsAt: p.ends_at?.toISOString() ?? null,
          status,
          turnoverMultiplier: (p.wagering_multiplier_tenths / 10).toFixed(1),
          bannerUrl: promotionArtUrl(p.id, {
            kind: p.kind,
            reward: p.reward,
            primary: merchant.theme.primary,
            accent: merchant.theme.accent,
          }),
          rules: rulesOf(p, promotions, lang, merchant.default_language),
          checkIn:
            p.kind === 'checkin'
              ? {
                  amounts: streakAmounts(p).map(formatAmount),
                  streak: claim?.streak ?? yesterday?.streak ?? 0,
                  // (today's check-in is done whether it was paid or is held for review)
                  today: claim !== undefined,
                }
              : null,
        };
      });
    },

    /** The promotions open to me now (API-032): not yet taken part in this period, or a reward to claim. */
    async available(merchant: MerchantRow, memberId: bigint, lang: string | undefined) {
      return (await this.list(merchant, memberId, lang)).filter(
        (p) => p.status === null || p.status === 'issued',
      );
    },

    /** Today's check-in (PROMO-001): once per member and day; paid by the streak of consecutive days. */
    async checkIn(merchant: MerchantRow, memberId: bigint, promotionId: bigint): Promise<RewardItem> {
      const now = clock.now();
      const p = (await loadPromotions(db, merchant.id)).find(
        (x) => x.id === promotionId && x.kind === 'checkin',
      );
      if (!p) throw notFound('promotion_unknown');
      if (p.starts_at > now) throw refuse('promotion_not_started', 409, 'This promotion has not started yet');
      if (closed(p, now)) throw refuse('promotion_closed', 409, 'This promotion has ended');
      await assertEligible(db, p.id, memberId, now);
      const day = today(merchant);
      const terms = claimTermsOf(p);
      const row = await inTransaction(db, 'promotions.service.checkIn', async (trx) => {
        const yesterday = await trx
          .selectFrom('promotion_claim')
          .select('streak')
          .where('promotion_id', '=', p.id)
          .where('member_id', '=', memberId)
          .where('period_key', '=', previousDay(day))
          // (a check-in held for review still counts for the streak)
          .where('status', 'not in', ['expired', 'forfeited'])
          .executeTakeFirst();
        const streak = (yesterday?.streak ?? 0) + 1;
        const amount = streakReward(streakAmounts(p), streak);
        // An account linked to mine checked in today: mine is signed but its reward waits for review.
        const held =
          amount > 0n && (needsReview(p, amount) || (await linkedClaimExists(trx, memberId, p.id, day)));
        const claim = await trx
          .insertInto('promotion_claim')
          .values({
            merchant_id: merchant.id,
            promotion_id: p.id,
            member_id: memberId,
            period_key: day,
            status: held ? 'applying' : 'signed',
            amount,
            terms: JSON.stringify(terms),
            streak,
            // The transfer's id is reserved with the claim, so the claim row is written once.
            transfer_id: amount > 0n && !held ? sql<bigint>`nextval('ledger_transfer_id_seq')` : null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!claim) throw refuse('promotion_already_taken', 409, 'Already done for today');
        if (held) await holdForReview(trx, claim.id);
        else await payClaim(trx, claim, now, false);
        return claim;
      });
      return rewardOf(row, merchant, undefined, now);
    },

    /** My reward centre: issued rewards to claim, then the latest others. */
    async rewards(merchant: MerchantRow, memberId: bigint, lang: string | undefined) {
      const now = clock.now();
      const rows = await db
        .selectFrom('promotion_claim')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      const items = rows.map((r) => rewardOf(r, merchant, lang, now));
      return {
        issued: items.filter((r) => r.status === 'issued'),
        history: items.filter((r) => r.status !== 'issued').slice(0, 30),
      };
    },

    /** Claims an issued reward: exactly once, however many times it is asked for at once. */
    async claim(merchant: MerchantRow, memberId: bigint, claimId: bigint): Promise<RewardItem> {
      const now = clock.now();
      // One autocommitted call (promotion_claim_reward): the claim's locks live only inside the database.
      const res = await paid(
        sql<ClaimRow>`${sql.raw(PREPARED)}select * from promotion_claim_reward(${merchant.id}::integer,
          ${memberId}::bigint, ${claimId}::bigint, ${now}::timestamptz, ${PROMOTION_SHARDS}::integer)`.execute(
          db,
        ),
      );
      const row = res.rows[0];
      if (!row) throw new Error('promotion_claim_reward returned nothing');
      return rewardOf(row, merchant, undefined, now);
    },

    async opsList(merchantId: number, fallback: string) {
      const rows = await db
        .selectFrom('promotion as p')
        .selectAll('p')
        .select((eb) =>
          eb
            .selectFrom('promotion_claim as c')
            .select(sql<string>`coalesce(sum(c.amount), 0)::text`.as('paid'))
            .whereRef('c.promotion_id', '=', 'p.id')
            .where('c.status', 'in', ['claimed', 'signed'])
            .as('paid'),
        )
        .where('p.merchant_id', '=', merchantId)
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
      return rows.map((p) => ({
        id: p.id.toString(),
        code: p.code,
        kind: p.kind,
        title: textsIn(p.texts, undefined, fallback).title,
        enabled: p.enabled,
        budget: p.budget === null ? null : formatAmount(p.budget),
        // A budget keeps its running total; an unlimited promotion's is what its claims paid.
        granted: formatAmount(p.budget !== null ? p.granted : BigInt(p.paid ?? '0')),
        startsAt: p.starts_at.toISOString(),
        endsAt: p.ends_at?.toISOString() ?? null,
      }));
    },

    /**
     * An operator grants a reward of a promotion to members (audited): one issued claim per member and
     * period, waiting in the reward centre; a member who already has this period's is named, not paid twice.
     */
    async grant(
      merchant: MerchantRow,
      staffId: bigint,
      promotionId: bigint,
      o: { usernames: string[]; amount?: string | undefined; claimDays?: number | undefined },
    ) {
      const now = clock.now();
      // The amount given, else the promotion's reward (a random one drawn for each member).
      const amount = o.amount === undefined ? undefined : parseAmount(o.amount);
      if (amount === null || (amount !== undefined && amount <= 0n))
        throw new DomainError('validation_failed', 400, 'Invalid amount', { field: 'amount' });
      const p = await db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('id', '=', promotionId)
        .executeTakeFirst();
      if (!p || p.kind !== 'manual') throw notFound('promotion_unknown');
      const names = [...new Set(o.usernames.map((u) => u.trim().toLowerCase()))];
      const members = await db
        .selectFrom('member')
        .select(['id', 'username', 'type'])
        .where('merchant_id', '=', merchant.id)
        .where('username', 'in', names)
        .execute();
      // Free-trial accounts never receive real-money promotions.
      const eligible = members.filter((m) => m.type !== 4);
      const unknown = names.filter((n) => !eligible.some((m) => m.username === n));
      const key = periodKey(p.period, today(merchant));
      return inTransaction(db, 'promotions.service.grant', async (trx) => {
        const inserted = await issueClaims(trx, {
          merchant,
          promotion: p,
          claims: eligible.map((m) => ({
            memberId: m.id,
            periodKey: key,
            amount: amount ?? drawAmount(p.reward) ?? 0n,
          })),
          expiresAt: o.claimDays ? new Date(now.getTime() + o.claimDays * 86_400_000) : null,
          at: now,
        });
        const done = new Set(inserted);
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'promotion.grant',
          target: `promotion:${p.id}`,
          details: { amount: o.amount ?? rewardText(p.reward), period: key, members: inserted.length },
          at: now,
        });
        return {
          granted: inserted.length,
          already: eligible.filter((m) => !done.has(m.id)).map((m) => m.username),
          unknown,
        };
      });
    },
  };
}

/** A promotion's rules as the member reads them with its terms (excluded promotions by their titles). */
function rulesOf(
  p: PromotionRow,
  all: readonly PromotionRow[],
  lang: string | undefined,
  fallback: string,
): PromotionItem['rules'] {
  const e = p.eligibility;
  // Exclusions hold both ways: the ones it names and the ones naming it.
  const excluded = all.filter(
    (x) =>
      x.id !== p.id &&
      ((e.excludes ?? []).includes(x.code) || (x.eligibility.excludes ?? []).includes(p.code)),
  );
  return {
    newPlayersDays: e.newPlayersDays ?? null,
    vipLevels: e.vipLevels ?? null,
    depositsMin: e.depositsMin ?? null,
    depositsMax: e.depositsMax ?? null,
    team: (e.agents ?? []).length > 0,
    excludes: excluded.map((x) => textsIn(x.texts, lang, fallback).title),
    claimHours: p.claim_hours,
    turnoverHours: p.wagering_hours,
    turnoverWeights: p.wagering_weights,
  };
}

/** Whether a claim of this amount waits for an operator's review (the promotion's auto-approve ceiling). */
export const needsReview = (p: { review_above: bigint | null }, amount: bigint) =>
  p.review_above !== null && amount > BigInt(p.review_above);

/** When a reward of the promotion issued at `at` lapses if not claimed (its claim window), or null. */
export const claimWindowEnd = (p: { claim_hours: number | null }, at: Date): Date | null =>
  p.claim_hours === null ? null : new Date(at.getTime() + p.claim_hours * 3_600_000);

/**
 * Issues rewards of a promotion into members' reward centres (status issued), each at most once per
 * (promotion, member, period): a claim already there is left as it is. Each lapses at `expiresAt` or,
 * when null, at the end of the promotion's claim window. Each member issued one is told by a system mail
 * (one mail per amount, every such member its recipient). Returns the members issued one.
 */
export async function issueClaims(
  trx: Database,
  o: {
    merchant: MerchantRow;
    promotion: PromotionRow;
    claims: { memberId: bigint; periodKey: string; amount: bigint; title?: PromotionTexts }[];
    expiresAt: Date | null;
    at: Date;
  },
): Promise<bigint[]> {
  if (o.claims.length === 0) return [];
  const inserted = await trx
    .insertInto('promotion_claim')
    .values(
      o.claims.map((c) => ({
        merchant_id: o.merchant.id,
        promotion_id: o.promotion.id,
        member_id: c.memberId,
        period_key: c.periodKey,
        status: 'issued' as const,
        amount: c.amount,
        terms: JSON.stringify({
          ...claimTermsOf(o.promotion),
          ...(c.title ? { title: Object.fromEntries(Object.entries(c.title)) } : {}),
        }),
        expires_at: o.expiresAt ?? claimWindowEnd(o.promotion, o.at),
        created_at: o.at,
        updated_at: o.at,
      })),
    )
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
    .returning(['member_id', 'amount', 'terms'])
    .execute();
  const byMail = new Map<string, { amount: bigint; title: string; members: bigint[] }>();
  for (const r of inserted) {
    const title = textsIn(r.terms.title, undefined, o.merchant.default_language).title;
    const k = `${r.amount}\u0000${title}`;
    // (BigInt: the seed's template database reads int8 with PGlite's own parser.)
    const group = byMail.get(k) ?? { amount: BigInt(r.amount), title, members: [] };
    group.members.push(BigInt(r.member_id));
    byMail.set(k, group);
  }
  for (const g of byMail.values())
    await systemMail(trx, {
      merchantId: o.merchant.id,
      template: 'reward_issued',
      params: { amount: formatAmount(g.amount), promotion: g.title },
      members: g.members,
      at: o.at,
    });
  return inserted.map((r) => BigInt(r.member_id));
}

/** A system mail of a promotion event to members (the site renders it in each reader's language). */
export async function systemMail(
  trx: Database,
  o: {
    merchantId: number;
    template: 'reward_issued' | 'application_rejected';
    params: Record<string, string>;
    members: bigint[];
    at: Date;
  },
) {
  const mail = await trx
    .insertInto('mail')
    .values({
      merchant_id: o.merchantId,
      kind: 'system',
      audience: 'members',
      template: o.template,
      params: JSON.stringify(o.params),
      recipients: o.members.length,
      created_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('mail_recipient')
    .values(o.members.map((member_id) => ({ member_id, mail_id: mail.id })))
    .execute();
}

/**
 * One bonus per person (issue 18 item 6): whether an account linked to the member
 * (db/functions/member_links.sql: registration address, device, payee name, bank card) holds a claim of
 * this promotion in this period that was not turned down, lost or given up. Call it in the transaction
 * that writes the claim: it first waits for any linked account's claim of the same promotion and period
 * being written at this moment (db/functions/lock_member_identities.sql; held until commit), then reads,
 * in a statement of its own so that it sees what that claim committed.
 */
export async function linkedClaimExists(
  trx: Database,
  memberId: bigint,
  promotionId: bigint,
  periodKey: string,
): Promise<boolean> {
  await sql`select lock_member_identities(${memberId}::bigint, ${`${promotionId}/${periodKey}`})`.execute(
    trx,
  );
  const r = await sql<{ one: number }>`
    select 1 as one from member_links(${memberId}::bigint) l
    join promotion_claim c on c.member_id = l.member_id and c.promotion_id = ${promotionId}::bigint
      and c.period_key = ${periodKey} and c.status not in ('rejected', 'expired', 'forfeited')
    limit 1`.execute(trx);
  return r.rows.length > 0;
}

/**
 * What one claim of a fixed or random reward pays (minor units); a random one is drawn now, uniformly
 * between its bounds from the CSPRNG, and kept on the claim. Null for the other kinds of reward.
 */
export function drawAmount(reward: PromotionReward): bigint | null {
  if (reward.type === 'fixed') return BigInt(reward.amount);
  if (reward.type === 'random') return BigInt(randomInt(Number(reward.min), Number(reward.max) + 1));
  return null;
}

const rewardText = (r: PromotionReward) =>
  r.type === 'fixed'
    ? formatAmount(BigInt(r.amount))
    : r.type === 'random'
      ? `${formatAmount(BigInt(r.min))}–${formatAmount(BigInt(r.max))}`
      : r.type;

/**
 * Of these promotions, the ones the member may not take part in now (db/functions/promotion_eligible.sql:
 * the promotion's eligibility and the mutual exclusions of open bonuses).
 */
export async function ineligibleOf(
  db: Database,
  promotionIds: readonly bigint[],
  memberId: bigint,
  at: Date,
): Promise<Set<bigint>> {
  if (promotionIds.length === 0) return new Set();
  const r = await sql<{ id: bigint }>`
    select id from promotion
    where id = any(${promotionIds.map(String)}::bigint[])
      and not promotion_eligible(id, ${memberId}::bigint, ${at}::timestamptz)`.execute(db);
  return new Set(r.rows.map((x) => BigInt(x.id)));
}

/** Refuses (403 promotion_not_eligible) a member the promotion is not open to. */
export async function assertEligible(db: Database, promotionId: bigint, memberId: bigint, at: Date) {
  if ((await ineligibleOf(db, [promotionId], memberId, at)).size > 0)
    throw new DomainError('promotion_not_eligible', 403, 'This promotion is not open to you');
}

/**
 * Whether any rule limits who takes part in a promotion: its own eligibility, or another promotion of the
 * merchant excluding it. The bulk runs (the daily rebate, a race's ranking) ask each member only then.
 */
export async function eligibilityApplies(
  db: Database,
  p: { id: bigint; merchant_id: number; code: string },
): Promise<boolean> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from promotion
    where merchant_id = ${p.merchant_id}::int
      and ((id = ${p.id}::bigint and eligibility <> '{}'::jsonb)
        or coalesce(eligibility->'excludes', '[]'::jsonb) ? ${p.code})`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}

/**
 * Holds a claim just written as 'applying' for an operator's review: it joins the application queue
 * (with no comment), where the reviewer sees the linked members; approved, it waits in the reward centre.
 */
export async function holdForReview(trx: Database, claimId: bigint): Promise<void> {
  await trx.insertInto('promotion_application').values({ claim_id: claimId, comment: '' }).execute();
}

/**
 * The terms a claim is granted under: the promotion's titles, turnover multiplier and, when it has them,
 * the turnover's product weights and hours (0058), copied.
 */
export const claimTermsOf = (
  p: Pick<PromotionRow, 'texts' | 'wagering_multiplier_tenths'> &
    Partial<Pick<PromotionRow, 'wagering_weights' | 'wagering_hours'>>,
): ClaimTerms => ({
  title: Object.fromEntries(Object.entries(p.texts).map(([l, t]) => [l, { title: t.title, terms: '' }])),
  wageringTenths: p.wagering_multiplier_tenths,
  ...(p.wagering_weights ? { turnoverWeights: p.wagering_weights } : {}),
  ...(p.wagering_hours ? { turnoverHours: p.wagering_hours } : {}),
});

type ClaimRow = {
  id: bigint;
  promotion_id: bigint;
  status: RewardItem['status'];
  amount: bigint;
  terms: ClaimTerms;
  reason: string | null;
  created_at: Date;
  expires_at: Date | null;
};

/** A claim as my reward centre shows it; an issued one past its claim window reads as expired. */
export function rewardOf(
  r: ClaimRow,
  merchant: MerchantRow,
  lang: string | undefined,
  now: Date,
): RewardItem {
  const lapsed = r.status === 'issued' && r.expires_at !== null && r.expires_at <= now;
  const amount = BigInt(r.amount); // (the seed's template database reads int8 with PGlite's own parser)
  return {
    id: r.id.toString(),
    promotionId: r.promotion_id.toString(),
    title: textsIn(r.terms.title, lang, merchant.default_language).title,
    status: lapsed ? 'expired' : r.status,
    amount: formatAmount(amount),
    turnover: formatAmount((amount * BigInt(r.terms.wageringTenths)) / 10n),
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at?.toISOString() ?? null,
  };
}
