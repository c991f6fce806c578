import { isStaffType } from '@panalo/contract/member';
import { randomInt } from 'node:crypto';
import { formatAmount } from '@panalo/contract/money';
import type { MemberNote, OpsMemberActivity } from '@panalo/contract/ops-members';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import type { SessionsService } from '../identity/sessions.service';
import { textsIn } from '../promotions/promotions.service';
import { inTransaction } from '../../db/transaction';
import { membersOpsRepository } from './members-ops.repository';

const LATEST = 50;
const memberNotFound = () => new DomainError('member_not_found', 404, 'Sorry, the user does not exist');
const money = (v: bigint | string | number | null) => formatAmount(BigInt(v ?? 0));
const iso = (d: Date | string) => new Date(d).toISOString();

// No 0/O, 1/l/I: read aloud over the phone or copied from a screen without doubt.
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** A temporary password from the CSPRNG: 12 characters, letters and at least two digits. */
export function temporaryPassword(): string {
  const all = LETTERS + DIGITS;
  const chars = Array.from({ length: 10 }, () => all[randomInt(all.length)]!);
  chars.push(DIGITS[randomInt(DIGITS.length)]!, DIGITS[randomInt(DIGITS.length)]!);
  // Shuffle so the digits are not always last (Fisher–Yates with the CSPRNG).
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * A member of the merchant that staff act on from the console: a player or an agent, never staff (their
 * accounts are the staff screen's) nor another merchant's member — both are "not found".
 */
export async function opsPlayer(db: Database, merchantId: number, id: bigint) {
  const m = await membersOpsRepository(db).memberType(merchantId, id);
  if (!m || isStaffType(m.type)) throw memberNotFound();
  return m;
}

/**
 * The rest of the member's profile in the console (issue 20 screen 3): the latest lottery bets, game
 * rounds, bonuses and turnover requirements; the staff's notes; and a password reset that gives staff a
 * temporary password once (the member must change it at the next sign-in; every session ends). Only the
 * merchant's players and agents: staff accounts are managed on the staff screen.
 */
export function member360Service(db: Database, clock: Clock, sessions: SessionsService) {
  const repo = membersOpsRepository(db);
  const player = (merchantId: number, id: bigint) => opsPlayer(db, merchantId, id);

  return {
    async activity(merchantId: number, id: bigint, language: string): Promise<OpsMemberActivity> {
      await player(merchantId, id);
      const [lottery, rounds, bonuses, turnover] = await Promise.all([
        repo.latestLotteryBets(merchantId, id, LATEST),
        repo.latestRounds(merchantId, id, LATEST),
        repo.latestBonuses(merchantId, id, LATEST),
        repo.latestTurnover(merchantId, id, LATEST),
      ]);
      return {
        lottery: lottery.map((b) => ({
          id: b.id.toString(),
          gameCode: b.game_code,
          numero: b.numero,
          betType: b.bet_type,
          selection: b.selection,
          stake: money(b.stake),
          payout: money(b.payout),
          status: b.status,
          book: b.book,
          createdAt: iso(b.created_at),
        })),
        rounds: rounds.map((r) => ({
          id: r.id.toString(),
          vendor: r.vendor ?? '—',
          gameCode: r.game_code,
          bet: money(r.bet_total),
          win: money(r.win_total),
          refund: money(r.refund_total),
          status: r.status,
          book: r.book,
          startedAt: iso(r.started_at),
        })),
        bonuses: bonuses.map((c) => ({
          id: c.id.toString(),
          promotion: textsIn(c.terms.title, language, language).title || c.code,
          status: c.status,
          amount: money(c.amount),
          createdAt: iso(c.created_at),
        })),
        turnover: turnover.map((w) => ({
          id: w.id.toString(),
          source: w.source,
          required: money(w.required),
          done: money(w.done),
          state: w.forfeited_at
            ? ('forfeited' as const)
            : w.completed_at
              ? ('met' as const)
              : ('open' as const),
          createdAt: iso(w.created_at),
        })),
      };
    },

    async notes(merchantId: number, id: bigint): Promise<MemberNote[]> {
      await player(merchantId, id);
      const rows = await repo.notes(merchantId, id);
      return rows.map((n) => ({
        id: n.id.toString(),
        staff: n.username,
        body: n.body,
        createdAt: iso(n.created_at),
      }));
    },

    async addNote(merchantId: number, staffId: bigint, id: bigint, body: string): Promise<MemberNote> {
      await player(merchantId, id);
      const now = clock.now();
      const noteId = await repo.insertNote({ merchantId, memberId: id, staffId, body, at: now });
      const staff = await repo.username(staffId);
      return { id: noteId.toString(), staff, body, createdAt: now.toISOString() };
    },

    async resetPassword(merchantId: number, staffId: bigint, id: bigint, reason: string) {
      await player(merchantId, id);
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      await inTransaction(db, 'member-360.service.resetPassword', async (trx) => {
        await membersOpsRepository(trx).setTemporaryPassword(merchantId, id, passwordHash);
        await audit(trx, {
          merchantId,
          actor: `operator:${staffId}`,
          action: 'member.password.reset',
          target: `member:${id}`,
          details: { reason },
          at: now,
        });
      });
      await sessions.revokeAll(id, 'password reset by staff');
      return { temporaryPassword: password };
    },
  };
}
