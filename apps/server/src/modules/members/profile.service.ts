import {
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationRules,
} from '@panalo/contract/merchant';
import type { PersonalInfo, PersonalInfoUpdate } from '@panalo/contract/member';
import { HEAD_ICON, NICKNAME_MAX, PERSONAL_FIELDS } from '@panalo/contract/profile-rules';
import type { Database } from '../../db/database';
import { DomainError, notFound } from '../../lib/domain-error';
import type { FileStore } from '../../lib/file-store';
import { checkImage, IMAGE_EXT, ImageRejected } from '../../lib/image-check';
import { checkRegistrationFields } from '../identity/registration-rules';
import type { MemberRow } from '../identity/members.repository';
import { HEADS, headIconPath, maskEmail, maskMobile, toMemberInfo } from './members.service';
import { inTransaction } from '../../db/transaction';
import { profileRepository } from './profile.repository';

/** A payee name as the member's own screen shows it: first letter and the shape of the rest. */
export function maskPayee(name: string | null): string | null {
  if (!name) return null;
  const chars = [...name];
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 6));
}

const COLUMN = {
  qqNum: 'qq_num',
  facebook: 'facebook',
  wechat: 'wechat',
  line: 'line',
  whatsapp: 'whatsapp',
  zalo: 'zalo',
} as const satisfies Record<(typeof PERSONAL_FIELDS)[number], keyof MemberRow>;

const invalid = (field: string, rule: string) =>
  new DomainError('validation_failed', 400, 'Invalid request', { field, rule });

/** Every registration field except `keep`: what a profile change must not look at. */
const allBut = (keep: readonly RegistrationField[]) =>
  new Set(REGISTRATION_FIELDS.filter((f) => !keep.includes(f)));

/**
 * The member's profile (issue 19 item 5, /m/member/home): head icon, nickname and personal info. Text
 * fields follow the merchant's registration rules for them, so a profile cannot hold what registration
 * would have refused. A head icon is checked by its bytes (png, jpg or webp, ≤ 2 MB, sides ≤ 1024),
 * written without metadata under an unguessable name, and the one it replaces is removed.
 */
export function profileService(db: Database, files: FileStore) {
  const repo = profileRepository(db);

  async function member(merchantId: number, memberId: bigint): Promise<MemberRow> {
    const m = await repo.member(merchantId, memberId);
    if (!m) throw notFound();
    return m;
  }

  return {
    async headIcon(merchantId: number, memberId: bigint): Promise<string | null> {
      return headIconPath((await member(merchantId, memberId)).head_icon);
    },

    /** A new head icon from a data URL; answers its path. */
    async setHeadIcon(merchantId: number, memberId: bigint, dataUrl: string): Promise<string> {
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      if (bytes.length > HEAD_ICON.maxBytes)
        throw new DomainError('head_icon_too_large', 400, 'The picture is larger than 2 MB', {
          maxBytes: HEAD_ICON.maxBytes,
        });
      let image;
      try {
        image = checkImage(bytes, HEAD_ICON.types);
      } catch (err) {
        if (!(err instanceof ImageRejected)) throw err;
        throw new DomainError('head_icon_invalid', 400, 'The picture must be a png, jpg or webp image', {
          reason: err.reason,
        });
      }
      if (image.width > HEAD_ICON.maxSide || image.height > HEAD_ICON.maxSide)
        throw new DomainError('head_icon_invalid', 400, 'The picture is too large', {
          reason: 'image_size',
          maxSide: HEAD_ICON.maxSide,
        });
      const key = await files.put(HEADS, IMAGE_EXT[image.type], image.bytes);
      let old: string | null;
      try {
        old = await inTransaction(db, 'profile.service.setHeadIcon', async (trx) => {
          const trxRepo = profileRepository(trx);
          const row = await trxRepo.lockHeadIcon(merchantId, memberId);
          if (!row) throw notFound();
          await trxRepo.setHeadIcon(memberId, key);
          return row.head_icon;
        });
      } catch (err) {
        await files.remove(key);
        throw err;
      }
      // The one replaced goes once the new one is committed (a failure leaves an orphan file, never a
      // member without its picture).
      if (old) await files.remove(old).catch(() => undefined);
      return headIconPath(key)!;
    },

    /** A head icon's picture by its file name (from headIconPath); null when there is none. */
    async headIconFile(file: string): Promise<{ type: string; bytes: Buffer } | null> {
      const bytes = await files.get(`${HEADS}/${file}`);
      if (!bytes) return null;
      const ext = file.slice(file.lastIndexOf('.') + 1);
      return { type: ext === 'jpg' ? 'image/jpeg' : `image/${ext}`, bytes };
    },

    async personalInfo(merchantId: number, memberId: bigint): Promise<PersonalInfo> {
      const m = await member(merchantId, memberId);
      const info = toMemberInfo(m);
      return {
        account: m.username,
        nickname: m.nickname,
        birthDate: m.birth_date,
        regDate: info.regDate,
        vip: info.vip,
        headIcon: info.headIcon,
        mobileNum: maskMobile(m.mobile_num),
        email: maskEmail(m.email),
        payeeName: maskPayee(m.payee_name),
        qqNum: m.qq_num,
        facebook: m.facebook,
        wechat: m.wechat,
        line: m.line,
        whatsapp: m.whatsapp,
        zalo: m.zalo,
      };
    },

    /** Changes the contact fields sent (empty clears one), each checked against its registration rule. */
    async updatePersonalInfo(
      merchantId: number,
      memberId: bigint,
      rules: RegistrationRules,
      input: PersonalInfoUpdate,
    ): Promise<PersonalInfo> {
      const sent = PERSONAL_FIELDS.filter((f) => input[f] !== undefined);
      const check = checkRegistrationFields(rules, input, {
        required: new Set(),
        kept: new Set(sent),
        skipped: allBut(sent),
      });
      if (!check.ok) throw invalid(check.field, check.rule);
      if (sent.length > 0) {
        const set: Partial<Record<(typeof COLUMN)[keyof typeof COLUMN], string | null>> = {};
        for (const f of sent) set[COLUMN[f]] = check.values[f] ?? null;
        if (!(await repo.setContact(merchantId, memberId, set))) throw notFound();
      }
      return this.personalInfo(merchantId, memberId);
    },

    /** A new nickname: 1 to 32 characters after trimming, and the merchant's nickname rule when it is on. */
    async setNickname(
      merchantId: number,
      memberId: bigint,
      rules: RegistrationRules,
      nickname: string,
    ): Promise<string> {
      const value = nickname.trim();
      const length = [...value].length;
      if (length < 1 || length > NICKNAME_MAX)
        throw new DomainError('nickname_invalid', 400, 'A nickname has 1 to 32 characters', {
          max: NICKNAME_MAX,
        });
      // The merchant's nickname rule when it has one on (a rule left off is not asked at registration either).
      const check = checkRegistrationFields(
        rules,
        { nickname: value },
        { required: new Set(), kept: new Set(['nickname']), skipped: allBut(['nickname']) },
      );
      if (!check.ok) throw invalid(check.field, check.rule);
      if (!(await repo.setNickname(merchantId, memberId, value))) throw notFound();
      return value;
    },
  };
}
