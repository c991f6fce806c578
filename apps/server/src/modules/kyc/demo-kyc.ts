import type { Database } from '../../db/database';
import type { FileStore } from '../../lib/file-store';
import { kycRepository } from './kyc.repository';
import { KYC_DEFAULTS } from './kyc-settings';
import { kycService } from './kyc.service';

/**
 * The demo brand verifies its players (issue 53): the Philippine tiers switched on by its owner through
 * the settings service (audited like a change in the console), once — a brand that has settings keeps
 * them. Not part of the test seed: the tests' brand starts with verification off.
 */
export async function seedDemoKyc(
  db: Database,
  files: FileStore,
  o: { merchant: string; owner: string; now: Date },
): Promise<boolean> {
  const owner = await db
    .selectFrom('member')
    .innerJoin('merchant', 'merchant.id', 'member.merchant_id')
    .select(['member.id', 'member.username', 'merchant.id as merchantId'])
    .where('merchant.code', '=', o.merchant)
    .where('member.username', '=', o.owner)
    .executeTakeFirst();
  if (!owner || (await kycRepository(db).settings(owner.merchantId)) !== undefined) return false;
  await kycService(db, files).putSettings({
    merchantId: owner.merchantId,
    staff: { memberId: owner.id, username: owner.username },
    settings: { ...KYC_DEFAULTS, enabled: true },
    at: o.now,
  });
  return true;
}
