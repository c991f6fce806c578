import type { KycDocument, KycReviewDetail, KycSettings, KycStatus } from '@panalo/contract/kyc';
import {
  KYC_IMAGE_SLOTS,
  KYC_ONE_SIDED,
  type KycDecision,
  type KycDocumentKind,
  type KycIdType,
  type KycImageSlot,
} from '@panalo/contract/kyc-rules';
import { parseAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { KycDocumentStatus } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import type { FileStore } from '../../lib/file-store';
import type { FormImage } from '../../lib/image-form';
import { sealBytes, sharedKey, unsealBytes } from '../../lib/sealed';
import { sendSystemMail } from '../mail/mail.service';
import { screenPerson } from '../aml/aml.service';
import type { ScreeningList } from '../aml/screening';
import { levelOf, settingsFor } from './kyc-gates';
import { kycRepository, type KycDocumentRow } from './kyc.repository';

type DocumentRow = Omit<KycDocumentRow, 'username'>;

/** Each merchant's documents are sealed with its own key; a file opens only as its member's. */
const keyName = (merchantId: number) => `kyc:${merchantId}`;
const owner = (merchantId: number, memberId: bigint) => `kyc:${merchantId}:${memberId}`;

const toDocument = (d: DocumentRow): KycDocument => ({
  id: d.id.toString(),
  kind: d.kind,
  idType: (d.id_type as KycIdType | null) ?? null,
  status: d.status,
  reason: d.reason,
  submittedAt: d.created_at.toISOString(),
  decidedAt: d.decided_at?.toISOString() ?? null,
  expiresOn: d.expires_on,
});

/** The level a document gives once approved. */
const gives = (kind: KycDocumentKind) => (kind === 'identity' ? 2 : 3);

/** Whole years from `birth` (YYYY-MM-DD) to `today` (YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Names compared as people write them: case, accents' absence, dots, commas and spaces ignored. */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')
      .sort()
      .join(' ');
  return norm(a) === norm(b);
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const addMonths = (day: string, months: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return isoDay(d);
};

const imageType = (b: Buffer) => (b[0] === 0x89 && b[1] === 0x50 ? 'image/png' : 'image/jpeg');

const unknownDocument = () => new DomainError('kyc_document_unknown', 404, 'Document not found');

export interface StaffActor {
  memberId: bigint;
  username: string;
}

/**
 * Know your customer (issue 53 items 1 and 2): a member's level and what it allows, the documents the
 * member sends (checked by their bytes before this, sealed here with the merchant's key), staff's review
 * with maker-checker from the merchant's level, and the merchant's settings.
 */
export function kycService(db: Database, files: FileStore, screening?: ScreeningList) {
  const repo = kycRepository(db);
  const refuse = (code: string, message: string, value?: Record<string, unknown>) =>
    new DomainError(code, 400, message, value);

  const service = {
    settings: (merchantId: number) => settingsFor(db, merchantId),

    async putSettings(o: { merchantId: number; staff: StaffActor; settings: KycSettings; at: Date }) {
      for (const a of o.settings.levels) {
        for (const [lo, hi] of [
          [a.depositDay, a.depositMonth],
          [a.withdrawDay, a.withdrawMonth],
        ] as const)
          if (lo !== null && hi !== null && (parseAmount(lo) ?? 0n) > (parseAmount(hi) ?? 0n))
            throw refuse('kyc_settings_invalid', 'A daily ceiling is above its monthly one');
      }
      await inTransaction(db, 'kyc.settings', async (trx) => {
        await kycRepository(trx).putSettings(o.merchantId, o.settings, o.staff.username, o.at);
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.staff.memberId}`,
          action: 'kyc.settings',
          target: `merchant:${o.merchantId}`,
          details: { settings: o.settings },
          at: o.at,
        });
      });
      return o.settings;
    },

    async level(merchantId: number, memberId: bigint, now: Date) {
      const [p] = await repo.proofs(merchantId, [memberId], now);
      return p ? levelOf(p) : 0;
    },

    async status(merchantId: number, memberId: bigint, now: Date): Promise<KycStatus> {
      const [s, [p], docs] = await Promise.all([
        settingsFor(db, merchantId),
        repo.proofs(merchantId, [memberId], now),
        repo.mine(merchantId, memberId),
      ]);
      return {
        enabled: s.enabled,
        level: p ? levelOf(p) : 0,
        mobileConfirmed: p?.mobileConfirmed ?? false,
        hasMobile: p?.hasMobile ?? false,
        levels: s.levels,
        firstWithdrawalLevel: s.firstWithdrawalLevel,
        depositsAbove: s.depositsAbove,
        withdrawalAbove: s.withdrawalAbove,
        idTypes: s.idTypes,
        minAge: s.minAge,
        documents: docs.map(toDocument),
      };
    },

    /** Level 1: the member's mobile number, as it is now, was proved by a code sent to it. */
    async confirmMobile(o: { merchantId: number; memberId: bigint; value: string; at: Date }) {
      await inTransaction(db, 'kyc.confirmMobile', async (trx) => {
        await kycRepository(trx).confirmContact({ ...o, channel: 'mobile' });
      });
    },

    /**
     * A document the member sends: the kind's images (an ID's front, its back unless it has one side, a
     * selfie; or a proof of address), a name and a birth date from the form, the age at least the
     * merchant's minimum. Images are sealed and stored first; the row is written once per kind waiting.
     */
    async submit(o: {
      merchantId: number;
      memberId: bigint;
      kind: KycDocumentKind;
      idType: KycIdType | undefined;
      fullName: string;
      birthDate: string;
      images: Partial<Record<KycImageSlot, FormImage>>;
      now: Date;
    }): Promise<KycDocument> {
      const s = await settingsFor(db, o.merchantId);
      if (!s.enabled) throw new DomainError('kyc_unavailable', 404, 'Verification is not offered here');
      let slots: KycImageSlot[];
      if (o.kind === 'identity') {
        if (!o.idType || !s.idTypes.includes(o.idType))
          throw refuse('kyc_id_type_invalid', 'Choose one of the accepted identity documents', {
            accepted: s.idTypes,
          });
        slots = KYC_IMAGE_SLOTS.identity.filter((x) => x !== 'back' || !KYC_ONE_SIDED.includes(o.idType!));
      } else {
        slots = [...KYC_IMAGE_SLOTS.address];
      }
      const missing = slots.filter((x) => !o.images[x]);
      if (missing.length > 0) throw refuse('kyc_image_missing', 'A picture is missing', { slots: missing });
      if (o.birthDate > isoDay(o.now))
        throw refuse('validation_failed', 'Invalid request', {
          field: 'birthDate',
          rule: 'valid.date_range',
        });
      if (ageOn(o.birthDate, isoDay(o.now)) < s.minAge)
        throw refuse('kyc_under_age', `Players must be ${s.minAge} or older`, { minAge: s.minAge });

      const key = await sharedKey(db, keyName(o.merchantId));
      const stored: Record<string, string> = {};
      try {
        for (const slot of slots)
          stored[slot] = await files.put(
            'kyc',
            'bin',
            sealBytes(key, owner(o.merchantId, o.memberId), o.images[slot]!.bytes),
          );
        const row = await inTransaction(db, 'kyc.submit', async (trx) => {
          const id = await kycRepository(trx).insertDocument({
            merchantId: o.merchantId,
            memberId: o.memberId,
            kind: o.kind,
            idType: o.kind === 'identity' ? o.idType! : null,
            fullName: o.fullName,
            birthDate: o.birthDate,
            images: stored,
            at: o.now,
          });
          if (!id)
            throw new DomainError(
              'kyc_document_waiting',
              409,
              'A document of this kind is waiting for review',
            );
          return (await kycRepository(trx).one(o.merchantId, id.id))!;
        });
        // The name and birth date on the document, against the sanctions/PEP list (a hit holds the account).
        if (screening)
          await screenPerson(db, screening, {
            merchantId: o.merchantId,
            memberId: o.memberId,
            fullName: o.fullName,
            birthDate: o.birthDate,
            source: 'kyc_document',
            now: o.now,
          });
        return toDocument(row);
      } catch (err) {
        await Promise.all(Object.values(stored).map((k) => files.remove(k).catch(() => undefined)));
        throw err;
      }
    },

    // The console's review (permission kyc).

    async queue(merchantId: number, status: KycDocumentStatus | undefined, now: Date) {
      const rows = await repo.queue(merchantId, status);
      const ids = [...new Set(rows.map((r) => r.member_id))];
      const proofs = await repo.proofs(merchantId, ids, now);
      const levels = new Map(proofs.map((p) => [p.memberId, levelOf(p)]));
      return rows.map((r) => ({
        ...toDocument(r),
        memberId: r.member_id.toString(),
        username: r.username,
        memberLevel: levels.get(r.member_id) ?? 0,
        gives: gives(r.kind),
        firstReviewer: r.first_reviewer,
      }));
    },

    async detail(merchantId: number, id: bigint, now: Date): Promise<KycReviewDetail> {
      const d = await repo.one(merchantId, id);
      if (!d) throw unknownDocument();
      const [s, account, [p], views] = await Promise.all([
        settingsFor(db, merchantId),
        repo.account(merchantId, d.member_id),
        repo.proofs(merchantId, [d.member_id], now),
        repo.views(merchantId, id),
      ]);
      const age = ageOn(d.birth_date, isoDay(now));
      return {
        ...toDocument(d),
        memberId: d.member_id.toString(),
        username: d.username,
        memberLevel: p ? levelOf(p) : 0,
        gives: gives(d.kind),
        firstReviewer: d.first_reviewer,
        reviewedBy: d.reviewed_by,
        fullName: d.full_name,
        birthDate: d.birth_date,
        slots: Object.keys(d.images) as KycImageSlot[],
        account: {
          payeeNames: account?.payee_name ? [account.payee_name] : [],
          birthDate: account?.birth_date ?? null,
          registeredAt: account?.created_at.toISOString() ?? '',
        },
        checks: {
          nameMatchesPayee: !!account?.payee_name && sameName(account.payee_name, d.full_name),
          birthDateMatches: account?.birth_date ? account.birth_date === d.birth_date : null,
          age,
          ageOk: age >= s.minAge,
        },
        views: views.map((v) => {
          const det = (typeof v.details === 'string' ? JSON.parse(v.details) : v.details) as {
            username?: string;
            slot?: string;
          };
          return { by: det.username ?? v.actor, slot: det.slot ?? '', at: v.created_at.toISOString() };
        }),
      };
    },

    /** One image of a document, opened for a reviewer: every view is audited (who, which image, when). */
    async image(o: {
      merchantId: number;
      id: bigint;
      slot: KycImageSlot;
      staff: StaffActor;
      ip: string;
      now: Date;
    }): Promise<{ bytes: Buffer; type: string }> {
      const d = await repo.one(o.merchantId, o.id);
      const fileKey = d?.images[o.slot];
      if (!d || !fileKey) throw unknownDocument();
      const sealed = await files.get(fileKey);
      if (!sealed) throw unknownDocument();
      const key = await sharedKey(db, keyName(o.merchantId));
      const bytes = unsealBytes(key, owner(o.merchantId, d.member_id), sealed);
      await audit(db, {
        merchantId: o.merchantId,
        actor: `operator:${o.staff.memberId}`,
        action: 'kyc.view',
        target: `kyc_document:${o.id}`,
        details: { username: o.staff.username, slot: o.slot, member: d.member_id, ip: o.ip },
        at: o.now,
      });
      return { bytes, type: imageType(bytes) };
    },

    /**
     * A reviewer's decision on a waiting document: approve (from the merchant's checker level, the first
     * approval waits for a second reviewer — another person — before it counts), reject with a reason the
     * member reads, or ask for another document. Audited; the member is told by mail.
     */
    async review(o: {
      merchantId: number;
      id: bigint;
      staff: StaffActor;
      decision: KycDecision;
      reason: string | undefined;
      expiresOn: string | undefined;
      ip: string;
      now: Date;
    }) {
      const s = await settingsFor(db, o.merchantId);
      await inTransaction(db, 'kyc.review', async (trx) => {
        const tx = kycRepository(trx);
        const d = await tx.lockOne(o.merchantId, o.id);
        if (!d) throw unknownDocument();
        if (d.status !== 'pending' && d.status !== 'checking')
          throw new DomainError('kyc_document_decided', 409, 'This document is decided already');
        const twoReviewers = gives(d.kind) >= s.checkerFromLevel;
        let status: KycDocumentStatus;
        if (o.decision === 'approve') {
          if (twoReviewers && d.status === 'pending') status = 'checking';
          else {
            if (twoReviewers && d.first_reviewer === o.staff.username)
              throw new DomainError('kyc_same_reviewer', 409, 'A second reviewer must approve this document');
            status = 'approved';
          }
        } else status = o.decision === 'reject' ? 'rejected' : 'more_needed';
        const today = isoDay(o.now);
        if (o.expiresOn !== undefined && o.expiresOn <= today)
          throw refuse('kyc_document_expired', 'This document has expired');
        const expiresOn =
          status === 'approved'
            ? d.kind === 'address'
              ? addMonths(today, s.addressValidMonths)
              : (o.expiresOn ?? d.expires_on)
            : (o.expiresOn ?? d.expires_on);
        const final = status !== 'checking';
        await tx.decide({
          id: d.id,
          status,
          reason: o.decision === 'approve' ? null : o.reason!,
          ...(status === 'checking' ? { firstReviewer: o.staff.username } : {}),
          reviewedBy: final ? o.staff.username : null,
          decidedAt: final ? o.now : null,
          expiresOn,
        });
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.staff.memberId}`,
          action: 'kyc.review',
          target: `kyc_document:${d.id}`,
          details: { decision: o.decision, status, reason: o.reason ?? null, expiresOn, ip: o.ip },
          at: o.now,
        });
        if (final)
          await sendSystemMail(trx, {
            merchantId: o.merchantId,
            memberId: d.member_id,
            template:
              status === 'approved'
                ? 'kyc_approved'
                : status === 'rejected'
                  ? 'kyc_rejected'
                  : 'kyc_more_needed',
            params: { level: String(gives(d.kind)), ...(o.reason ? { reason: o.reason } : {}) },
            at: o.now,
          });
      });
      return service.detail(o.merchantId, o.id, o.now);
    },
  };
  return service;
}

export type KycService = ReturnType<typeof kycService>;
