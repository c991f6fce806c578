import { formatAmount } from '@panalo/contract/money';
import {
  LIMIT_SPAN_MS,
  LIMIT_SPANS,
  MONEY_LIMIT_KINDS,
  type Limits,
  type LimitSpan,
  type MoneyLimitKind,
} from '@panalo/contract/protection';
import type { Database } from '../../db/database';
import type { ProtectionLimitTable } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { SessionsService } from '../identity/sessions.service';
import { accountIdFor, memberWalletKey } from '../wallet/ledger';
import { confirmLimit, limitRoom, requestLimit, type LimitState } from './limits';
import { playCounted, playUsage } from './play-usage';
import { inTransaction } from '../../db/transaction';
import { protectionRepository } from './protection.repository';

type Kind = ProtectionLimitTable['kind'];
type Span = ProtectionLimitTable['span'];
const stateOf = (r: { amount: bigint | null; pending_amount: bigint | null; pending_from: Date | null }) => ({
  amount: r.amount,
  pendingAmount: r.pending_amount,
  pendingFrom: r.pending_from,
});

// Stryker disable next-line EqualityOperator: `>= 0n` is equivalent (0 is 0 either way)
const positive = (v: bigint) => (v > 0n ? v : 0n);

/**
 * A member's limits: deposit, wager and loss (money, per rolling span) and the session limit (minutes):
 * reading, changing, confirming. The checks run elsewhere, inside the money's own transaction
 * (checkDepositLimits here, checkPlayLimits at every bet).
 */
export function limitsService(db: Database, clock: Clock, sessions: Pick<SessionsService, 'capSessions'>) {
  async function save(
    trx: Database,
    merchantId: number,
    memberId: bigint,
    kind: Kind,
    span: Span,
    s: LimitState,
  ) {
    const repo = protectionRepository(trx);
    // Stryker disable next-line ConditionalExpression: a limit without an amount never has a change waiting (a first limit applies at once; only a raise or removal of one in force waits), so `s.amount === null` alone decides
    if (s.amount === null && s.pendingFrom === null) {
      await repo.deleteLimit(memberId, kind, span);
      return;
    }
    const values = {
      amount: s.amount,
      pending_amount: s.pendingAmount,
      pending_from: s.pendingFrom,
      updated_at: clock.now(),
    };
    await repo.upsertLimit(merchantId, memberId, kind, span, values);
  }

  /**
   * Reads a limit and writes its next state in one transaction with the member's row locked, so that
   * the member and staff changing one limit at once cannot lose either change. `after` runs in the
   * transaction too (the operator's audit). A session limit in force then ends the sessions already
   * longer than it, as it would have at login.
   */
  async function change(
    merchantId: number,
    memberId: bigint,
    kind: Kind,
    span: Span,
    next: (current: LimitState | null) => LimitState,
    after?: (trx: Database, before: LimitState | null, now: LimitState) => Promise<void>,
  ) {
    // Stryker disable next-line StringLiteral: the transaction's name only labels its retries in the log
    const saved = await inTransaction(db, 'limits.service.change', async (trx) => {
      const repo = protectionRepository(trx);
      await repo.lockMemberRow(memberId);
      const current = (await repo.limits(merchantId, memberId)).find(
        (r) => r.kind === kind && r.span === span,
      );
      const before = current ? stateOf(current) : null;
      const state = next(before);
      await save(trx, merchantId, memberId, kind, span, state);
      await after?.(trx, before, state);
      return state;
    });
    if (kind === 'session' && saved.amount !== null)
      await sessions.capSessions(memberId, Number(saved.amount));
  }

  const service = {
    async list(merchantId: number, memberId: bigint, currency: string): Promise<Limits> {
      const now = clock.now();
      const repo = protectionRepository(db);
      const [stored, deposits, play] = await Promise.all([
        repo.limits(merchantId, memberId),
        repo.countedDeposits(merchantId, memberId, new Date(now.getTime() - LIMIT_SPAN_MS.month)),
        accountIdFor(db, memberWalletKey(merchantId, memberId, currency)).then((wallet) =>
          playUsage(db, wallet, now),
        ),
      ]);
      const pendingOf = (r: (typeof stored)[number] | undefined) =>
        r?.pending_from != null ? { amount: r.pending_amount, from: r.pending_from.toISOString() } : null;
      const limits = MONEY_LIMIT_KINDS.flatMap((kind) =>
        LIMIT_SPANS.map((span) => {
          const r = stored.find((x) => x.kind === kind && x.span === span);
          const since = now.getTime() - LIMIT_SPAN_MS[span];
          const used =
            kind === 'deposit'
              ? deposits.filter((c) => c.at.getTime() > since).reduce((s, c) => s + c.amount, 0n)
              : play[kind][span];
          const pending = pendingOf(r);
          return {
            kind,
            span,
            amount: r?.amount != null ? formatAmount(r.amount) : null,
            used: formatAmount(positive(used)),
            pending: pending && {
              amount: pending.amount !== null ? formatAmount(pending.amount) : null,
              from: pending.from,
            },
          };
        }),
      );
      const s = stored.find((x) => x.kind === 'session');
      const sp = pendingOf(s);
      return {
        limits,
        session: {
          minutes: s?.amount != null ? Number(s.amount) : null,
          pending: sp && { minutes: sp.amount !== null ? Number(sp.amount) : null, from: sp.from },
        },
      };
    },

    /** A money limit: tighter at once; a raise or removal (null) after the cooling-off and a confirmation. */
    async set(
      merchantId: number,
      memberId: bigint,
      o: { kind: MoneyLimitKind; span: LimitSpan; amount: bigint | null },
    ): Promise<void> {
      await change(merchantId, memberId, o.kind, o.span, (c) => requestLimit(c, o.amount, clock.now()));
    },

    async confirm(merchantId: number, memberId: bigint, o: { kind: MoneyLimitKind; span: LimitSpan }) {
      await confirmStored(merchantId, memberId, o.kind, o.span);
    },

    /** The session limit, by the same rules; in force, it also ends the sessions already past it. */
    async setSession(merchantId: number, memberId: bigint, minutes: number | null): Promise<void> {
      const requested = minutes === null ? null : BigInt(minutes);
      await change(merchantId, memberId, 'session', 'session', (c) =>
        requestLimit(c, requested, clock.now()),
      );
    },

    /**
     * Staff set a limit on the member's behalf (the profile's limits): a new or tighter limit takes
     * effect at once and drops a raise the member had waiting; the limit in force again cancels the
     * waiting raise. Loosening or removing stays the member's own choice, with its cooling-off: refused
     * here. Audited with the reason, before → after, in the change's transaction.
     */
    async impose(
      o: { merchantId: number; memberId: bigint; staffId: bigint; reason: string },
      limit: { kind: MoneyLimitKind; span: LimitSpan; amount: bigint } | { kind: 'session'; minutes: number },
    ): Promise<void> {
      const [kind, span, amount] =
        limit.kind === 'session'
          ? (['session', 'session', BigInt(limit.minutes)] as const)
          : ([limit.kind, limit.span, limit.amount] as const);
      const view = (x: LimitState | null) =>
        x && {
          // Stryker disable next-line OptionalChaining: a limit stored or set always has an amount (save deletes one with none); `?.` is for the type
          amount: x.amount?.toString() ?? null,
          pending: x.pendingFrom ? (x.pendingAmount?.toString() ?? null) : undefined,
        };
      await change(
        o.merchantId,
        o.memberId,
        kind,
        span,
        (current) => {
          if (current?.amount != null && amount > current.amount)
            throw new DomainError(
              'limit_staff_tighten_only',
              409,
              'Staff may set or lower a limit; only the member may raise or remove it',
              { current: kind === 'session' ? current.amount.toString() : formatAmount(current.amount) },
            );
          return requestLimit(current, amount, clock.now());
        },
        (trx, before, after) =>
          audit(trx, {
            merchantId: o.merchantId,
            actor: `operator:${o.staffId}`,
            action: 'member.limit',
            target: `member:${o.memberId}`,
            details: { reason: o.reason, kind, span, before: view(before), after: view(after) },
            at: clock.now(),
          }),
      );
    },

    async confirmSession(merchantId: number, memberId: bigint) {
      await confirmStored(merchantId, memberId, 'session', 'session');
    },
  };

  async function confirmStored(merchantId: number, memberId: bigint, kind: Kind, span: Span) {
    // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values (tested)
    const nothing = () => new DomainError('limit_nothing_pending', 409, 'No limit change is waiting');
    await change(merchantId, memberId, kind, span, (c) => {
      if (!c) throw nothing();
      return confirmLimit(c, clock.now());
    });
  }
  return service;
}
export type LimitsService = ReturnType<typeof limitsService>;

/**
 * Inside a deposit's transaction: refuses it (409 deposit_limit_reached, with the limit, the span and
 * when enough room comes back) if it would take the member over a limit in force. The member's row is
 * locked first, so that concurrent deposits are counted one after another and a burst cannot pass.
 */
export async function checkDepositLimits(
  trx: Database,
  o: { merchantId: number; memberId: bigint; amount: bigint; now: Date },
): Promise<void> {
  const repo = protectionRepository(trx);
  const limits = await repo.depositLimits(o.merchantId, o.memberId);
  // Stryker disable next-line ConditionalExpression: a shortcut (no lock, no read); the loop below finds nothing to refuse either
  if (limits.length === 0) return;
  await repo.lockMemberRow(o.memberId);
  const counted = await repo.countedDeposits(
    o.merchantId,
    o.memberId,
    new Date(o.now.getTime() - LIMIT_SPAN_MS.month),
  );
  for (const l of limits) {
    const spanMs = LIMIT_SPAN_MS[l.span as LimitSpan];
    const inSpan = counted.filter((c) => c.at.getTime() > o.now.getTime() - spanMs);
    const room = limitRoom(l.amount!, inSpan, o.amount, spanMs);
    if (!room.fits) {
      // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values (tested)
      throw new DomainError('deposit_limit_reached', 409, 'This deposit would pass your deposit limit', {
        span: l.span,
        limit: formatAmount(l.amount!),
        used: formatAmount(inSpan.reduce((s, c) => s + c.amount, 0n)),
        resetsAt: room.resetsAt?.toISOString() ?? null,
      });
    }
  }
}

/**
 * Inside a bet's transaction, before its money moves: refuses the bet (409 play_limit_reached, with the
 * kind, the span, the limit, what was used and when room comes back) if its stake would take the member
 * past a wager or loss limit, counting the stake as lost, or if a session limit is set and no session
 * of the member is live (it ended at its limit). The member's row is locked first, so that parallel bets
 * of one member are counted one after another. Bets of members without such limits never come here:
 * the bet statements send only them (and members who owe turnover) to the checked path.
 */
export async function checkPlayLimits(
  trx: Database,
  o: { memberId: bigint; walletId: bigint; stake: bigint; now: Date },
): Promise<void> {
  const repo = protectionRepository(trx);
  const limits = await repo.playLimits(o.memberId);
  // Stryker disable next-line ConditionalExpression: a shortcut; with no limit no session is asked for and nothing is refused
  if (limits.length === 0) return;
  await repo.lockMemberRow(o.memberId);
  const session = limits.find((l) => l.kind === 'session');
  if (session) {
    const live = await repo.liveSession(o.memberId, o.now);
    if (!live) {
      // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values (tested)
      throw new DomainError('play_limit_reached', 409, 'Your session limit has ended this session', {
        kind: 'session',
        span: null,
        limit: Number(session.amount),
        used: null,
        resetsAt: null,
      });
    }
  }
  const money = limits.filter((l) => l.kind !== 'session');
  // Stryker disable next-line ConditionalExpression: a shortcut (no usage read); the loop below has nothing to check
  if (money.length === 0) return;
  const usage = await playUsage(trx, o.walletId, o.now);
  for (const l of money) {
    const kind = l.kind as 'wager' | 'loss';
    const span = l.span as LimitSpan;
    const used = usage[kind][span];
    if (used + o.stake <= l.amount!) continue;
    const spanMs = LIMIT_SPAN_MS[span];
    const counted = await playCounted(trx, o.walletId, kind, new Date(o.now.getTime() - spanMs));
    const room = limitRoom(l.amount!, counted, o.stake, spanMs);
    // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values (tested)
    throw new DomainError('play_limit_reached', 409, `This stake would pass your ${kind} limit`, {
      kind,
      span,
      limit: formatAmount(l.amount!),
      used: formatAmount(positive(used)),
      resetsAt: room.fits ? null : (room.resetsAt?.toISOString() ?? null),
    });
  }
}
