import { formatAmount } from '@panalo/contract/money';
import { isStaffType, isTrialType } from '@panalo/contract/member';
import type { ReconBreak, ReconBreakStory, ReconRun } from '@panalo/contract/reconciliation';
import type { Database } from '../../db/database';
import type { ReconSource } from '../../db/schema';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { inTransaction } from '../../db/transaction';
import { dailyCloseService } from '../daily-close/daily-close.service';
import { HUB88_VENDOR, type Hub88Setup } from '../hub88/hub88-setup';
import { postAdjustment } from '../ops/ops.service';
import { creditDeposit } from '../deposits/deposit-credit';
import { depositsRepository } from '../deposits/deposits.repository';
import { payMongoAccountOf } from '../payments/paymongo/paymongo-account';
import { hub88Transactions, payMongoPayments, type ListOptions } from './outside-lists';
import { reconCompareRepository } from './recon-compare.repository';
import { RECON_MARGIN_MS, reconciliationRepository, runKeyOf } from './reconciliation.repository';
import { breakOf, entryOf, iso, owedOf, runOf, storedTheirs } from './recon-dto';

/**
 * Reconciliation of a closed day with Hub88 and PayMongo (issue 52 items 2 and 3): each connected
 * source's list for the day is read, staged and compared with ours in SQL; the pairs that disagree are
 * breaks, written once per reference. A day's run is done once; a failed one runs again.
 */
export function reconciliationService(
  db: Database,
  o: { hub88?: Hub88Setup; lists?: ListOptions; log?: (msg: string) => void } = {},
) {
  const repo = reconciliationRepository(db);
  const closes = dailyCloseService(db);

  async function runSource(
    source: ReconSource,
    m: {
      merchantId: number;
      code: string;
      day: string;
      startsAt: Date;
      endsAt: Date;
      runBy: string;
      now: Date;
    },
  ): Promise<void> {
    const vendorId = source === 'hub88' ? await repo.hub88VendorId(m.merchantId, HUB88_VENDOR) : null;
    const account = source === 'paymongo' ? await payMongoAccountOf(db, m.merchantId) : null;
    if (source === 'hub88' && (!o.hub88?.apiUrl || vendorId === null)) return;
    if (source === 'paymongo' && !account) return;
    if (!(await repo.claim(m.merchantId, m.day, source, m.runBy, m.now))) return;
    const runKey = runKeyOf(m.merchantId, m.day, source);
    const from = new Date(m.startsAt.getTime() - RECON_MARGIN_MS);
    const to = new Date(m.endsAt.getTime() + RECON_MARGIN_MS);
    const timer = phases(`reconciliation ${m.code} ${m.day} ${source}`, o.log);
    try {
      await repo.openStage(runKey);
      const stage = (items: Parameters<typeof repo.stage>[1]) => repo.stage(runKey, items);
      const read =
        source === 'hub88'
          ? await hub88Transactions(o.hub88!, o.lists).list({ subPartnerId: m.code, from, to }, stage)
          : await payMongoPayments(account!, o.lists).list({ from, to }, stage);
      timer.lap(`read ${read.items} items in ${read.pages} pages`);
      await repo.analyzeStage(runKey);
      // One statement over both sides' day: its hash joins get room to stay in memory.
      const compared = await inTransaction(db, 'reconciliation.compare', async (trx) => {
        await reconciliationRepository(trx).roomyJoins();
        return source === 'hub88'
          ? reconCompareRepository(trx).compareHub88({ runKey, vendorId: vendorId!, ...m })
          : reconCompareRepository(trx).comparePayMongo({ runKey, ...m });
      });
      timer.lap(`compared: ${compared.breaks.length} breaks`);
      await inTransaction(db, 'reconciliation.finish', (trx) =>
        reconciliationRepository(trx).finish({
          merchantId: m.merchantId,
          day: m.day,
          source,
          ...compared,
          pages: read.pages,
          now: m.now,
        }),
      );
      timer.lap('written');
    } catch (err) {
      await repo.fail(m.merchantId, m.day, source, (err as Error).message, m.now);
      throw err;
    } finally {
      await repo.dropStage(runKey);
    }
  }

  const service = {
    /**
     * Reconciles a closed day with every connected source (409 recon_day_open before its close). A
     * source's done run is kept as it is; a failed one runs again. Throws when a source fails (its job
     * retries).
     */
    async reconcileDay(p: {
      merchantId: number;
      day: string;
      runBy: string;
      now: Date;
    }): Promise<ReconRun[]> {
      const close = await closes.find(p.merchantId, p.day);
      if (!close)
        throw new DomainError('recon_day_open', 409, 'The day is reconciled once it is closed', {
          day: p.day,
        });
      const merchant = await repo.merchant(p.merchantId);
      const m = {
        merchantId: p.merchantId,
        code: merchant.code,
        day: p.day,
        startsAt: new Date(close.startsAt),
        endsAt: new Date(close.endsAt),
        runBy: p.runBy,
        now: p.now,
      };
      // The sources are independent: read side by side.
      const done = await Promise.allSettled([runSource('hub88', m), runSource('paymongo', m)]);
      const failed = done.find((d) => d.status === 'rejected');
      if (failed) throw failed.reason;
      return service.runs(p.merchantId, p.day);
    },

    async runs(merchantId: number, day: string): Promise<ReconRun[]> {
      return (await repo.runs(merchantId, day)).map(runOf);
    },

    async breaks(
      merchantId: number,
      f: { day?: string; status?: 'open' | 'resolved' },
    ): Promise<ReconBreak[]> {
      return (await repo.breaks(merchantId, { ...f, limit: 500 })).map(breakOf);
    },

    /** A break with its whole story: both sides, our wallet calls and answers, the ledger's legs. */
    async story(merchantId: number, id: bigint): Promise<ReconBreakStory> {
      const row = await repo.findBreak(merchantId, id);
      if (!row) throw new DomainError('recon_break_unknown', 404, 'There is no such break');
      const b = breakOf(row);
      if (row.source === 'hub88') {
        const vendorId = await repo.hub88VendorId(merchantId, HUB88_VENDOR);
        const merchant = await repo.merchant(merchantId);
        const ours =
          row.round && vendorId !== null ? await repo.hub88Story(merchantId, vendorId, row.round) : null;
        const theirs =
          row.round && o.hub88?.apiUrl
            ? // A page a person waits for: one short try, the stored snapshot otherwise.
              await hub88Transactions(o.hub88, { ...o.lists, attempts: 1, timeoutMs: 5_000 }).round(
                merchant.code,
                row.round,
              )
            : null;
        return {
          break: b,
          theirs: theirs
            ? theirs.map((t) => ({
                ref: t.ref,
                kind: t.kind,
                amount: formatAmount(t.amount),
                status: t.status,
                at: t.at.toISOString(),
              }))
            : row.theirs
              ? [storedTheirs(row)]
              : [],
          calls: (ours?.calls ?? []).map((c) => ({
            ref: c.vendor_tx_id,
            kind: c.kind,
            amount: formatAmount(c.amount),
            status: c.rolled_back_by ? 'rolled_back' : c.status,
            answer: JSON.stringify(c.answer ?? null).slice(0, 500),
            at: iso(c.created_at)!,
          })),
          entries: (ours?.entries ?? []).map(entryOf),
        };
      }
      const depositId = /^\d{1,18}$/.exec(
        (row.ours as { deposit?: string } | null)?.deposit ??
          (row.theirs as { deposit?: string } | null)?.deposit ??
          '',
      );
      const ours = depositId ? await repo.depositStory(merchantId, BigInt(depositId[0])) : null;
      return {
        break: b,
        theirs: row.theirs ? [storedTheirs(row)] : [],
        calls: ours?.deposit
          ? [
              {
                ref: `deposit:${ours.deposit.id}`,
                kind: 'deposit',
                amount: formatAmount(ours.deposit.amount),
                status: ours.deposit.status,
                answer: ours.deposit.provider_ref ?? '',
                at: iso(ours.deposit.updated_at)!,
              },
            ]
          : [],
        entries: (ours?.entries ?? []).map(entryOf),
      };
    },

    /**
     * Resolves an open break once, with a reason (audited): `explained` moves nothing; `credit` and
     * `debit` move exactly what the member is owed (owedOf) between the merchant's adjustment account
     * and the member's wallet, through the ledger under the break's own key. A second resolution is
     * refused (409 recon_break_resolved).
     */
    async resolve(p: {
      merchantId: number;
      currency: string;
      id: bigint;
      resolution: 'credit' | 'debit' | 'explained';
      reason: string;
      staff: { memberId: bigint; username: string };
      ip: string;
      now: Date;
    }): Promise<ReconBreak> {
      const row = await repo.findBreak(p.merchantId, p.id);
      if (!row) throw new DomainError('recon_break_unknown', 404, 'There is no such break');
      if (row.status !== 'open')
        throw new DomainError('recon_break_resolved', 409, 'This break is resolved already');
      const owed = owedOf(row);
      const actor = `operator:${p.staff.memberId}`;
      const mark = async (trx: Database, moved: bigint | null) => {
        const marked = await reconciliationRepository(trx).markResolved({
          merchantId: p.merchantId,
          id: p.id,
          resolution: p.resolution,
          moved,
          reason: p.reason,
          by: p.staff.username,
          at: p.now,
        });
        if (!marked) throw new DomainError('recon_break_resolved', 409, 'This break is resolved already');
        await audit(trx, {
          merchantId: p.merchantId,
          actor,
          action: 'recon.resolve',
          target: `recon_break:${p.id}`,
          details: {
            source: row.source,
            ref: row.ref,
            kind: row.kind,
            resolution: p.resolution,
            moved: moved === null ? null : formatAmount(moved),
            reason: p.reason,
            ip: p.ip,
          },
          at: p.now,
        });
      };
      if (p.resolution === 'explained') {
        await inTransaction(db, 'reconciliation.explain', (trx) => mark(trx, null));
      } else {
        if ((p.resolution === 'credit' && owed <= 0n) || (p.resolution === 'debit' && owed >= 0n))
          throw new DomainError(
            'recon_resolution_direction',
            409,
            'This break owes no money in that direction',
            {
              owed: formatAmount(owed),
            },
          );
        // A payment PayMongo took for a deposit we never credited: the deposit itself is credited (its
        // own ledger key), so that a late webhook finds it paid and moves nothing more.
        const depositId = (row.theirs as { deposit?: string } | null)?.deposit;
        if (
          row.source === 'paymongo' &&
          row.kind === 'only_theirs' &&
          depositId &&
          /^\d{1,18}$/.test(depositId)
        ) {
          const credited = await inTransaction(db, 'reconciliation.creditDeposit', async (trx) => {
            const deposits = depositsRepository(trx);
            const order = await deposits.find(p.merchantId, BigInt(depositId));
            if (!order || order.amount !== owed) return null;
            const paid = await deposits.transition(
              order.id,
              [{ status: 'pending' }, { status: 'expired' }, { status: 'rejected' }],
              { status: 'paid', decidedBy: actor, reason: `reconciliation ${row.ref}`, at: p.now },
            );
            if (!paid) return null;
            await mark(trx, owed);
            return creditDeposit(trx, paid, { actor, at: p.now });
          });
          if (credited !== null) {
            await repo.setTransfer(p.id, credited);
            return breakOf((await repo.findBreak(p.merchantId, p.id))!);
          }
        }
        const member = row.member_id === null ? undefined : await repo.memberOf(p.merchantId, row.member_id);
        if (!member || isStaffType(member.type) || isTrialType(member.type))
          throw new DomainError(
            'recon_break_no_member',
            409,
            'This break names no player whose wallet can be corrected',
          );
        const done = await postAdjustment(db, {
          merchantId: p.merchantId,
          currency: p.currency,
          operatorId: p.staff.memberId,
          member: { id: member.id, username: member.username },
          amount: owed,
          reason: `Reconciliation ${row.source} ${row.ref}: ${p.reason}`.slice(0, 500),
          key: `recon_break:${p.id}`,
          at: p.now,
          within: (trx) => mark(trx, owed),
        });
        if (done.status === 200 && done.body.success)
          await repo.setTransfer(p.id, BigInt(done.body.value.transferId));
      }
      return breakOf((await repo.findBreak(p.merchantId, p.id))!);
    },
  };
  return service;
}
export type ReconciliationService = ReturnType<typeof reconciliationService>;

/** Logs how long each phase of a run took (the job's log, the bench's detail). */
function phases(what: string, log?: (msg: string) => void) {
  let last = performance.now();
  return {
    lap(msg: string) {
      const now = performance.now();
      log?.(`${what}: ${msg} (${((now - last) / 1000).toFixed(2)} s)`);
      last = now;
    },
  };
}
