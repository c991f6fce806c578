import type { MemberInfo } from '@panalo/contract/member';
import { notFound } from '../../lib/domain-error';
import { PROFILE_API } from '@panalo/contract/profile-rules';
import type { MemberRow, MembersRepository } from '../identity/members.repository';
import { own } from '../../lib/own';

/** Shows the shape of a contact detail without giving it away: 917****567, a***@example.com. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length <= 6 ? `${mobile.slice(0, 1)}****` : `${mobile.slice(0, 3)}****${mobile.slice(-3)}`;
}
/** A mobile number as staff read it, "+63 9175550101", whether its dialing code was stored with its plus or not. */
export function formatMobile(dialingCode: string | null, mobile: string): string {
  const code = (dialingCode ?? '').replace(/^\++/, '');
  return code ? `+${code} ${mobile}` : mobile;
}
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/** The file-store folder of head icons. */
export const HEADS = 'heads';

/** The path a stored head icon is served at (GET /api/head-icons/<file>), from its file-store key. */
export function headIconPath(key: string | null): string | null {
  if (!key?.startsWith(`${HEADS}/`)) return null;
  return `/api${PROFILE_API.headIconFile.replace(':file', key.slice(HEADS.length + 1))}`;
}

/** Member info of spec §3 as the client reads it; the VIP label is the club level's name (0044). */
export function toMemberInfo(m: MemberRow, vipNames?: Record<string, string>, lang?: string): MemberInfo {
  return {
    id: m.id.toString(),
    account: m.username,
    nickname: m.nickname,
    type: m.type,
    regDate: m.created_at.getTime(),
    toUpline: m.to_upline,
    vip:
      m.vip_level > 0
        ? {
            level: m.vip_level,
            name: own(vipNames, lang) ?? Object.values(vipNames ?? {})[0] ?? `VIP ${m.vip_level}`,
            ...(vipNames ? { names: vipNames } : {}),
          }
        : null,
    mobileNum: maskMobile(m.mobile_num),
    email: maskEmail(m.email),
    firstTimeLogin: m.first_time_login,
    headIcon: headIconPath(m.head_icon),
  };
}

export function membersService(repo: MembersRepository) {
  return {
    /** The calling member's own info. */
    async me(merchantId: number, memberId: bigint, lang: string): Promise<MemberInfo> {
      const m = await repo.findById(merchantId, memberId);
      if (!m) throw notFound();
      const names = m.vip_level > 0 ? await repo.vipLevelNames(merchantId, m.vip_level) : undefined;
      return toMemberInfo(m, names, lang);
    },
  };
}
