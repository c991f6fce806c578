import { isStaffType } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { MemberSearchBy, OpsMemberDetail, OpsMemberRow } from '@panalo/contract/ops-members';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import type { SessionsService } from '../identity/sessions.service';
import { cardHash, cardKeys } from '../identity/card-crypto';
import { inTransaction } from '../../db/transaction';
import { formatMobile } from './members.service';
import { membersOpsRepository, type MemberListRow, type MemberMatch } from './members-ops.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toRow = (r: MemberListRow): OpsMemberRow => ({
  id: r.id.toString(),
  username: r.username,
  nickname: r.nickname,
  type: r.type,
  status: r.status,
  vipLevel: r.vip_level,
  balance: formatAmount(BigInt(r.balance ?? 0)),
  upline: r.upline,
  createdAt: new Date(r.created_at).toISOString(),
  lastLoginAt: iso(r.last_login_at),
});

/** The most members one search finds. */
export const MAX_MATCHES = 1000;

const memberNotFound = () => new DomainError('member_not_found', 404, 'Sorry, the user does not exist');

/**
 * The operator's view of the merchant's members: search by username (prefix), mobile, name (payee name
 * or nickname), bank card (full number or its last four digits), IP address (registration or sign-in) or
 * device, and one member's profile; locking a member and ending their sessions, audited with the reason.
 */
export function membersOpsService(db: Database, clock: Clock, sessions: SessionsService) {
  const repo = membersOpsRepository(db);

  /** What a search looks for, from what was typed (each kind reads its own index). */
  async function matchOf(merchantId: number, by: MemberSearchBy, q: string): Promise<MemberMatch> {
    switch (by) {
      case 'username':
        return { by: 'username', prefix: q.toLowerCase() };
      case 'mobile': {
        // The national number, typed with or without its leading 0 or the country code.
        const digits = q.replace(/\D/g, '').replace(/^0+/, '');
        const settings = await repo.merchantSettings(merchantId);
        const dial = ((settings as { countryDialingCodes?: string[] } | undefined)?.countryDialingCodes ?? [])
          .map((c) => c.replace('+', ''))
          .find((c) => digits.startsWith(c) && digits.length > c.length + 6);
        const numbers = dial ? [digits, digits.slice(dial.length)] : [digits];
        return { by: 'mobile', numbers };
      }
      case 'name':
        return { by: 'name', name: q.toLowerCase() };
      case 'card': {
        const digits = q.replace(/\D/g, '');
        if (digits.length === 4) return { by: 'cardLast4', last4: digits };
        return { by: 'cardHash', hash: cardHash(await cardKeys(db), digits) };
      }
      case 'ip':
        return { by: 'ip', ip: q };
      case 'device':
        return { by: 'device', device: q };
    }
  }

  return {
    async search(merchantId: number, by: MemberSearchBy, q: string, page: number, pageSize: number) {
      if (q.includes('\u0000')) throw new DomainError('validation_failed', 400, 'Invalid request');
      // At most MAX_MATCHES members per search (a broader one is refined, not paged through).
      const match = await matchOf(merchantId, by, q);
      const { rows, total } = await repo.search(merchantId, match, { page, pageSize, max: MAX_MATCHES });
      return { list: rows.map(toRow), total, totalPages: Math.ceil(total / pageSize) };
    },

    async detail(merchantId: number, id: bigint): Promise<OpsMemberDetail> {
      const base = await repo.listed(merchantId, id);
      if (!base) throw memberNotFound();
      const more = await repo.contact(id);
      const [linked, sessionRows, ledger, c] = await Promise.all([
        repo.linked(id),
        repo.sessions(id),
        repo.latestLedger(id),
        repo.cashierTotals(id),
      ]);
      const now = clock.now();
      return {
        ...toRow(base),
        email: more.email,
        mobile: more.mobile_num ? formatMobile(more.country_dialing_code, more.mobile_num) : null,
        payeeName: more.payee_name,
        registerIp: more.register_ip,
        exclusion: more.exclusion_kind
          ? { kind: more.exclusion_kind, until: iso(more.excluded_until) }
          : null,
        cashier: {
          deposits: formatAmount(BigInt(c.deposits)),
          depositCount: Number(c.deposit_count),
          withdrawals: formatAmount(BigInt(c.withdrawals)),
          withdrawalCount: Number(c.withdrawal_count),
          pendingWithdrawals: Number(c.pending),
        },
        linked: linked.map((l) => ({ id: l.id.toString(), username: l.username, via: l.via })),
        sessions: sessionRows.map((s) => ({
          ip: s.ip,
          device: s.device,
          userAgent: s.user_agent,
          createdAt: new Date(s.created_at).toISOString(),
          lastSeenAt: iso(s.last_seen_at),
          live: s.revoked_at === null && new Date(s.expires_at) > now,
        })),
        ledger: ledger.map((e) => ({
          id: e.id.toString(),
          kind: e.kind,
          amount: formatAmount(BigInt(e.amount)),
          balanceAfter: e.balance_after === null ? null : formatAmount(BigInt(e.balance_after)),
          memo: e.memo,
          createdAt: new Date(e.created_at).toISOString(),
        })),
      };
    },

    /** Locks (status disabled, every session ended) or unlocks a member; audited with before, after, reason. */
    async setLocked(merchantId: number, staffId: bigint, id: bigint, locked: boolean, reason: string) {
      const at = clock.now();
      await inTransaction(db, 'members-ops.service.setLocked', async (trx) => {
        const trxRepo = membersOpsRepository(trx);
        const m = await trxRepo.lockStatus(merchantId, id);
        if (!m || isStaffType(m.type)) throw memberNotFound();
        // A member's own time-out or self-exclusion is theirs: the operator does not lift it here.
        if (m.status === 'self_excluded') {
          throw new DomainError('member_excluded', 409, 'The member has excluded themselves');
        }
        const next = locked ? 'disabled' : 'active';
        if (m.status === next) return;
        await trxRepo.setStatus(id, next);
        await audit(trx, {
          merchantId,
          actor: `operator:${staffId}`,
          action: locked ? 'member.lock' : 'member.unlock',
          target: `member:${id}`,
          details: { before: m.status, after: next, reason },
          at,
        });
      });
      if (locked) await sessions.revokeAll(id, 'locked');
    },

    async endSessions(merchantId: number, staffId: bigint, id: bigint, reason: string) {
      const m = await repo.typeOf(merchantId, id);
      if (!m || isStaffType(m.type)) throw memberNotFound();
      await sessions.revokeAll(id, 'ended by staff');
      await audit(db, {
        merchantId,
        actor: `operator:${staffId}`,
        action: 'member.sessions.end',
        target: `member:${id}`,
        details: { reason },
        at: clock.now(),
      });
    },
  };
}
