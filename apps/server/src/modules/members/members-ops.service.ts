import { isStaffType, MEMBER_TYPE } from '@panalo/contract/member';
import { sql } from 'kysely';
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

type Row = {
  id: bigint;
  username: string;
  nickname: string | null;
  type: number;
  status: 'active' | 'disabled' | 'self_excluded';
  vip_level: number;
  balance: bigint | string | null;
  upline: string | null;
  created_at: Date;
  last_login_at: Date | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toRow = (r: Row): OpsMemberRow => ({
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
  /** The members matching, as ids (each branch uses its own index). */
  async function matching(merchantId: number, by: MemberSearchBy, q: string) {
    switch (by) {
      case 'username':
        // In the prefix index's own order (bytes, as text_pattern_ops keeps them): the first matches
        // come straight from the index, however many share a short prefix.
        return sql<{ id: bigint }>`select id from member where merchant_id = ${merchantId}
          and username like ${q.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}
          order by username collate "C" limit ${MAX_MATCHES}`;
      case 'mobile': {
        // The national number, typed with or without its leading 0 or the country code.
        const digits = q.replace(/\D/g, '').replace(/^0+/, '');
        const codes = await db
          .selectFrom('merchant')
          .select('settings')
          .where('id', '=', merchantId)
          .executeTakeFirst();
        const dial = (
          (codes?.settings as { countryDialingCodes?: string[] } | undefined)?.countryDialingCodes ?? []
        )
          .map((c) => c.replace('+', ''))
          .find((c) => digits.startsWith(c) && digits.length > c.length + 6);
        const numbers = dial ? [digits, digits.slice(dial.length)] : [digits];
        return sql<{ id: bigint }>`select id from member where merchant_id = ${merchantId}
          and mobile_num in (${sql.join(numbers)})`;
      }
      case 'name':
        return sql<{ id: bigint }>`select id from member where merchant_id = ${merchantId}
          and (lower(payee_name) = ${q.toLowerCase()} or lower(nickname) = ${q.toLowerCase()})`;
      case 'card': {
        const digits = q.replace(/\D/g, '');
        if (digits.length === 4) {
          return sql<{ id: bigint }>`select distinct member_id as id from member_bank_card
            where merchant_id = ${merchantId} and card_last4 = ${digits}`;
        }
        const hash = cardHash(await cardKeys(db), digits);
        return sql<{ id: bigint }>`select distinct member_id as id from member_bank_card
          where merchant_id = ${merchantId} and card_hash = ${hash}`;
      }
      case 'ip':
        return sql<{
          id: bigint;
        }>`select id from member where merchant_id = ${merchantId} and register_ip = ${q}
          union select member_id from member_session where merchant_id = ${merchantId} and ip = ${q}`;
      case 'device':
        return sql<{ id: bigint }>`select distinct member_id as id from member_session
          where merchant_id = ${merchantId} and device = ${q}`;
    }
  }

  // Players and agents only: staff accounts (types from 90) are the staff screen's, never a member's.
  const rowsOf = (merchantId: number, ids: ReturnType<typeof sql<{ id: bigint }>>) => sql<Row>`
    select m.id, m.username, m.nickname, m.type, m.status, m.vip_level, a.balance, u.username as upline,
      m.created_at, m.last_login_at
    from (${ids}) hit
    join member m on m.id = hit.id and m.merchant_id = ${merchantId} and m.type < ${MEMBER_TYPE.OPERATOR}
    left join member u on u.id = m.upline_id
    left join ledger_account a on a.owner_member_id = m.id and a.kind = 'member_wallet' and a.book = 'real'`;

  return {
    async search(merchantId: number, by: MemberSearchBy, q: string, page: number, pageSize: number) {
      if (q.includes('\u0000')) throw new DomainError('validation_failed', 400, 'Invalid request');
      // At most MAX_MATCHES members per search (a broader one is refined, not paged through).
      const ids = sql<{
        id: bigint;
      }>`select found.id from (${await matching(merchantId, by, q)}) found
        join member s on s.id = found.id and s.type < ${MEMBER_TYPE.OPERATOR}
        limit ${MAX_MATCHES}`;
      const { rows: counted } = await sql<{
        n: string;
      }>`select count(*)::text as n from (${ids}) hit`.execute(db);
      const total = Number(counted[0]?.n ?? 0);
      const { rows } = await sql<Row>`${rowsOf(merchantId, ids)}
        order by m.username limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);
      return { list: rows.map(toRow), total, totalPages: Math.ceil(total / pageSize) };
    },

    async detail(merchantId: number, id: bigint): Promise<OpsMemberDetail> {
      const { rows } = await sql<
        Row & {
          email: string | null;
          country_dialing_code: string | null;
          mobile_num: string | null;
          payee_name: string | null;
          register_ip: string | null;
          exclusion_kind: string | null;
          excluded_until: Date | null;
        }
      >`${rowsOf(merchantId, sql<{ id: bigint }>`select ${id}::bigint as id`)}`.execute(db);
      const base = rows[0];
      if (!base) throw memberNotFound();
      const more = await db
        .selectFrom('member')
        .select([
          'email',
          'country_dialing_code',
          'mobile_num',
          'payee_name',
          'register_ip',
          'exclusion_kind',
          'excluded_until',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const [linked, sessionRows, ledger, cashier] = await Promise.all([
        sql<{ id: bigint; username: string; via: string[] }>`
          select m.id, m.username, array_agg(distinct l.via order by l.via) as via
          from member_links(${id}) l join member m on m.id = l.member_id and m.type < ${MEMBER_TYPE.OPERATOR}
          group by m.id, m.username order by m.username limit 50`.execute(db),
        db
          .selectFrom('member_session')
          .select(['ip', 'device', 'user_agent', 'created_at', 'last_seen_at', 'revoked_at', 'expires_at'])
          .where('member_id', '=', id)
          .where('kind', '=', 'session')
          .orderBy('id', 'desc')
          .limit(10)
          .execute(),
        sql<{
          id: bigint;
          kind: string;
          amount: bigint | string;
          balance_after: bigint | string | null;
          memo: string | null;
          created_at: Date;
        }>`
          select t.id, t.kind, e.amount, e.balance_after, t.memo, e.created_at
          from ledger_account a
          join ledger_entry e on e.account_id = a.id
          join ledger_transfer t on t.id = e.transfer_id
          where a.owner_member_id = ${id} and a.kind = 'member_wallet' and a.book = 'real'
          order by e.id desc limit 20`.execute(db),
        sql<{
          deposits: string;
          deposit_count: string;
          withdrawals: string;
          withdrawal_count: string;
          pending: string;
        }>`
          select
            (select coalesce(sum(amount), 0)::text from deposit_order where member_id = ${id} and status = 'paid') as deposits,
            (select count(*)::text from deposit_order where member_id = ${id} and status = 'paid') as deposit_count,
            (select coalesce(sum(amount), 0)::text from withdrawal where member_id = ${id} and status = 'paid') as withdrawals,
            (select count(*)::text from withdrawal where member_id = ${id} and status = 'paid') as withdrawal_count,
            (select count(*)::text from withdrawal where member_id = ${id} and status = 'pending') as pending`.execute(
          db,
        ),
      ]);
      const now = clock.now();
      const c = cashier.rows[0]!;
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
        linked: linked.rows.map((l) => ({ id: l.id.toString(), username: l.username, via: l.via })),
        sessions: sessionRows.map((s) => ({
          ip: s.ip,
          device: s.device,
          userAgent: s.user_agent,
          createdAt: new Date(s.created_at).toISOString(),
          lastSeenAt: iso(s.last_seen_at),
          live: s.revoked_at === null && new Date(s.expires_at) > now,
        })),
        ledger: ledger.rows.map((e) => ({
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
        const m = await trx
          .selectFrom('member')
          .select(['status', 'type'])
          .where('merchant_id', '=', merchantId)
          .where('id', '=', id)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (!m || isStaffType(m.type)) throw memberNotFound();
        // A member's own time-out or self-exclusion is theirs: the operator does not lift it here.
        if (m.status === 'self_excluded') {
          throw new DomainError('member_excluded', 409, 'The member has excluded themselves');
        }
        const next = locked ? 'disabled' : 'active';
        if (m.status === next) return;
        await trx.updateTable('member').set({ status: next }).where('id', '=', id).execute();
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
      const m = await db
        .selectFrom('member')
        .select('type')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
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
