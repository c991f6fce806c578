import { formatAmount } from '@panalo/contract/money';
import type { AmlCase, AmlDecision } from '@panalo/contract/aml';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { amlSettingsOf, lowPlay, passedThrough, structuringFloor, type AmlSettings } from './aml-rules';
import { amlRepository, type AmlRepository, type MoneyMove, type NewCase } from './aml.repository';
import { ctrCsv, strCsv } from './aml-reports';
import { CSV_MAX_ROWS } from '../../lib/csv';
import { checkDayRange } from '../../lib/day-range';
import type { ScreeningList } from './screening';

/** How long a transfer may still be committing after its stamp: younger ones wait for the next scan. */
export const AML_SETTLE_MS = 60_000;
/** Money moves read per batch of a scan. */
const BATCH = 5_000;

type CaseRow = NonNullable<Awaited<ReturnType<AmlRepository['findCase']>>>;

const caseOf = (r: CaseRow): AmlCase => ({
  id: r.id.toString(),
  rule: r.rule,
  memberId: r.member_id.toString(),
  username: r.username,
  subject: r.subject,
  amount: formatAmount(r.amount),
  evidence: (r.evidence ?? {}) as Record<string, unknown>,
  status: r.status,
  freezesWithdrawals: r.freezes_withdrawals,
  openedAt: new Date(r.opened_at).toISOString(),
  decidedBy: r.decided_by,
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  note: r.note,
});

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The cases one batch of money moves opens under the merchant's settings. */
export async function casesOf(
  repo: AmlRepository,
  merchantId: number,
  s: AmlSettings,
  moves: MoneyMove[],
): Promise<NewCase[]> {
  const cases: NewCase[] = [];
  const floor = structuringFloor(s);
  const sendsOn = (m: MoneyMove) => m.direction === 'out' && m.kind !== 'deposit';
  // What the batch's rules read, one statement each: the play before each withdrawal request, and what
  // each account sending money on had received in the window before.
  const plays = await repo.playSince(moves.filter((m) => m.kind === 'withdrawal_hold'));
  const receipts = await repo.receivedBefore(moves.filter(sendsOn), s.passThroughMinutes);
  for (const m of moves) {
    const base = { memberId: m.memberId, amount: m.amount };
    const evidence = { transferId: m.transferId.toString(), kind: m.kind, at: m.at.toISOString() };
    if (sendsOn(m)) {
      // Pass-through: what other members sent in the window before, sent on (or withdrawn) now.
      const received = receipts.get(m.transferId) ?? [];
      const total = received.reduce((a, r) => a + r.amount, 0n);
      if (passedThrough(total, m.amount, s))
        cases.push({
          ...base,
          rule: 'pass_through',
          subject: `t:${m.transferId}`,
          evidence: {
            ...evidence,
            received: received.map((r) => ({
              transferId: r.transferId,
              kind: r.kind,
              from: r.sender,
              amount: formatAmount(r.amount),
              at: r.at.toISOString(),
            })),
            receivedTotal: formatAmount(total),
            minutes: s.passThroughMinutes,
            share: s.passThroughShare,
          },
        });
    }
    if (m.kind !== 'deposit' && m.kind !== 'withdrawal_hold') continue;
    if (m.amount >= s.coveredThreshold) {
      cases.push({
        ...base,
        rule: 'covered',
        subject: `t:${m.transferId}`,
        evidence: { ...evidence, threshold: formatAmount(s.coveredThreshold) },
      });
    } else if (m.kind === 'deposit' && m.amount >= floor) {
      const from = new Date(m.at.getTime() - s.structuringHours * 3_600_000);
      const near = await repo.depositsBetween(m.accountId, from, m.at, floor, s.coveredThreshold);
      if (near.length >= s.structuringCount)
        cases.push({
          ...base,
          rule: 'structuring',
          amount: near.reduce((a, d) => a + d.amount, 0n),
          // One case per member and day: a day's later deposits join the case already open.
          subject: `d:${utcDay(m.at)}`,
          evidence: {
            deposits: near.map((d) => ({
              transferId: d.transferId,
              amount: formatAmount(d.amount),
              at: d.at.toISOString(),
            })),
            threshold: formatAmount(s.coveredThreshold),
            floor: formatAmount(floor),
            hours: s.structuringHours,
          },
        });
    }
    if (m.kind === 'withdrawal_hold') {
      const play = plays.get(m.transferId) ?? { since: null, deposits: 0n, turnover: 0n };
      if (lowPlay(play.deposits, play.turnover, s.lowPlayRatio))
        cases.push({
          ...base,
          rule: 'low_play',
          subject: `t:${m.transferId}`,
          evidence: {
            ...evidence,
            since: play.since?.toISOString() ?? null,
            deposits: formatAmount(play.deposits),
            turnover: formatAmount(play.turnover),
            ratio: s.lowPlayRatio,
          },
        });
    }
  }
  // Accounts behind one device, card or payee name, looked at when one of them asks to withdraw.
  const leaving = [...new Set(moves.filter((m) => m.kind === 'withdrawal_hold').map((m) => m.memberId))];
  const least = { device: s.sharedDeviceAccounts, card: s.sharedCardAccounts, payee: s.sharedPayeeAccounts };
  for (const l of await repo.sharedLinks(merchantId, leaving)) {
    if (l.others.length + 1 < least[l.via]) continue;
    cases.push({
      memberId: l.memberId,
      rule: `shared_${l.via}`,
      subject: l.via,
      amount: moves
        .filter((m) => m.memberId === l.memberId && m.kind === 'withdrawal_hold')
        .reduce((a, m) => a + m.amount, 0n),
      evidence: { via: l.via, accounts: l.others.length + 1, others: l.others },
    });
  }
  return cases;
}

/**
 * Anti-money-laundering monitoring (issue 53 item 3): the rules read each merchant's deposits and
 * withdrawal requests after they happen — never in the player's path — from a cursor, and open each
 * case once.
 */
export function amlService(db: Database) {
  const repo = amlRepository(db);
  const service = {
    /** Reads the merchant's new money moves and opens their cases; the number opened. */
    async scan(merchantId: number, settings: unknown, now: Date): Promise<number> {
      const s = amlSettingsOf(settings);
      const settled = new Date(now.getTime() - AML_SETTLE_MS);
      let opened = 0;
      for (;;) {
        const more = await inTransaction(db, 'aml.scan', async (trx) => {
          const r = amlRepository(trx);
          const after = await r.lockCursor(merchantId, now);
          const batch = await r.movesAfter(merchantId, after, settled, BATCH);
          opened += await r.open(merchantId, await casesOf(r, merchantId, s, batch.moves), now);
          if (batch.last !== after) await r.moveCursor(merchantId, batch.last, now);
          return batch.moves.length === BATCH;
        });
        if (!more) return opened;
      }
    },

    /**
     * A report as CSV for the merchant's days from…to (at most 366): the covered transactions (CTR) or
     * the cases filed (STR). Exporting members' identities is audited (aml.export).
     */
    async report(o: {
      merchantId: number;
      kind: 'ctr' | 'str';
      from: string;
      to: string;
      staff: { memberId: bigint; username: string };
      ip: string;
      now: Date;
    }): Promise<string> {
      checkDayRange(o.from, o.to, 366);
      const rows = await repo.reportRows({
        merchantId: o.merchantId,
        kind: o.kind === 'ctr' ? 'covered' : 'filed',
        from: o.from,
        to: o.to,
        limit: CSV_MAX_ROWS,
      });
      await audit(db, {
        merchantId: o.merchantId,
        actor: `operator:${o.staff.memberId}`,
        action: 'aml.export',
        target: `aml_report:${o.kind}`,
        details: { from: o.from, to: o.to, rows: rows.length, ip: o.ip },
        at: o.now,
      });
      return o.kind === 'ctr' ? ctrCsv(rows) : strCsv(rows);
    },

    /** Every merchant's scan (the monitor's round). */
    async scanAll(now: Date): Promise<number> {
      let opened = 0;
      for (const m of await repo.merchants()) opened += await service.scan(m.id, m.settings, now);
      return opened;
    },

    async cases(merchantId: number, status?: AmlCase['status']): Promise<AmlCase[]> {
      return (await repo.cases(merchantId, status, 500)).map(caseOf);
    },

    async find(merchantId: number, id: bigint): Promise<AmlCase> {
      const row = await repo.findCase(merchantId, id);
      if (!row) throw new DomainError('aml_case_unknown', 404, 'There is no such case');
      return caseOf(row);
    },

    /**
     * Staff decide a case with a note (audited): escalate (it stays to be decided), freeze (escalated, and
     * the member's withdrawals are refused until the case is closed or filed), close (no action) or file
     * (reported to the regulator). A closed or filed case is not decided again.
     */
    async decide(o: {
      merchantId: number;
      id: bigint;
      decision: AmlDecision;
      note: string;
      staff: { memberId: bigint; username: string };
      ip: string;
      now: Date;
    }): Promise<AmlCase> {
      await service.find(o.merchantId, o.id);
      const status =
        o.decision === 'escalate' || o.decision === 'freeze'
          ? 'escalated'
          : o.decision === 'close'
            ? 'closed'
            : 'filed';
      await inTransaction(db, 'aml.decide', async (trx) => {
        const done = await amlRepository(trx).decide({
          merchantId: o.merchantId,
          id: o.id,
          status,
          freeze: o.decision === 'freeze',
          by: o.staff.username,
          note: o.note,
          at: o.now,
        });
        if (!done) throw new DomainError('aml_case_decided', 409, 'This case is decided already');
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.staff.memberId}`,
          action: 'aml.decide',
          target: `aml_case:${o.id}`,
          details: { decision: o.decision, note: o.note, ip: o.ip },
          at: o.now,
        });
      });
      return service.find(o.merchantId, o.id);
    },
  };
  return service;
}

/**
 * Screens a person against the sanctions/PEP list (issue 53 item 4) when a name is given (an identity
 * document, a payee name, a registration): each hit opens a `screening` case that holds the member's
 * withdrawals and transfers until staff close it (a false match) or file it. The number of cases opened.
 */
export async function screenPerson(
  db: Database,
  screening: ScreeningList,
  o: {
    merchantId: number;
    memberId: bigint;
    fullName: string;
    birthDate: string | null;
    source: 'kyc_document' | 'payee_name' | 'registration';
    now: Date;
  },
): Promise<number> {
  const hits = await screening.check({ fullName: o.fullName, birthDate: o.birthDate });
  return amlRepository(db).open(
    o.merchantId,
    hits.map((h) => ({
      rule: 'screening' as const,
      memberId: o.memberId,
      subject: `list:${h.entryId}`,
      amount: 0n,
      freezes: true,
      evidence: {
        list: h.list,
        entry: h.entryId,
        listedName: h.name,
        listedBirthDate: h.birthDate,
        listSource: h.source,
        match: h.match,
        screenedName: o.fullName,
        screenedBirthDate: o.birthDate,
        from: o.source,
      },
    })),
    o.now,
  );
}

/**
 * Refuses a withdrawal (a request, or its payout) while a case still to be decided freezes the member's
 * withdrawals (409 withdrawals_frozen; the member is told to contact support, not why).
 */
export async function assertWithdrawalsOpen(
  db: Database,
  merchantId: number,
  memberId: bigint,
): Promise<void> {
  if (await amlRepository(db).frozen(merchantId, memberId))
    throw new DomainError(
      'withdrawals_frozen',
      409,
      'Withdrawals from this account are on hold: please contact customer service',
    );
}

/** The monitor: every merchant scanned every `everyMs` in this process (scans of a merchant take turns). */
export function startAmlMonitor(o: {
  db: Database;
  now: () => Date;
  everyMs?: number;
  onError: (err: unknown) => void;
}) {
  const aml = amlService(o.db);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => aml.scanAll(o.now()).catch(o.onError));
  }, o.everyMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
