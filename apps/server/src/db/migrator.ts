import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { applyFunctions } from './functions';
import * as m0001 from './migrations/0001_merchants';
import * as m0002 from './migrations/0002_content';
import * as m0003 from './migrations/0003_rate_limit';
import * as m0004 from './migrations/0004_accounts';
import * as m0005 from './migrations/0005_ledger';
import * as m0006 from './migrations/0006_cashier';
import * as m0007 from './migrations/0007_game_wallet';
import * as m0008 from './migrations/0008_games_catalogue';
// migration import: 0009 in-house play (issue 5)
// migration import: 0010 game launch (issue 5)
// migration import: 0011 lottery (issue 6)
import * as m0011 from './migrations/0011_lottery';
import * as m0012 from './migrations/0012_house_pending';
import * as m0013 from './migrations/0013_inhouse_play';
import * as m0013a from './migrations/0013a_inhouse_mines';
import * as m0015 from './migrations/0015_lottery_place_order';
import * as m0016 from './migrations/0016_ledger_append_only';
import * as m0017 from './migrations/0017_lottery_cancel_suborder';
import * as m0018 from './migrations/0018_lottery_order_idempotency';
import * as m0019 from './migrations/0019_member_birth_date';
import * as m0020 from './migrations/0020_member_exclusion';
import * as m0021 from './migrations/0021_deposit_limit';
import * as m0022 from './migrations/0022_reality_check';
import * as m0023 from './migrations/0023_play_limits';
import * as m0024 from './migrations/0024_bonus_forfeit';
import * as m0025 from './migrations/0025_member_tree';
import * as m0026 from './migrations/0026_member_day';
import * as m0027 from './migrations/0027_member_rebate';
import * as m0028 from './migrations/0028_agent_quota';
import * as m0029 from './migrations/0029_rebate_run';
import * as m0030 from './migrations/0030_team_day';
import * as m0031 from './migrations/0031_affiliate_link';
import * as m0032 from './migrations/0032_announcement_read';
import * as m0033 from './migrations/0033_team_bets';
import * as m0034 from './migrations/0034_contract';
import * as m0035 from './migrations/0035_contract_settlement';
import * as m0036 from './migrations/0036_red_rain';
import * as m0037 from './migrations/0037_mail';
import * as m0038 from './migrations/0038_live';
import * as m0039 from './migrations/0039_feedback';
import * as m0040 from './migrations/0040_head_icon';
import * as m0041 from './migrations/0041_phone_token_use';
import * as m0042 from './migrations/0042_promotions';
import * as m0043 from './migrations/0043_promotion_pay';
import * as m0044 from './migrations/0044_vip';
import * as m0045 from './migrations/0045_referral';
import * as m0046 from './migrations/0046_rebate_promotion';
import * as m0047 from './migrations/0047_promotion_application';
import * as m0048 from './migrations/0048_missions';
import * as m0049 from './migrations/0049_promotion_day_job';
import * as m0050 from './migrations/0050_member_links';
import * as m0051 from './migrations/0051_deposit_promotion';
import * as m0052 from './migrations/0052_vip_retention';
import * as m0053 from './migrations/0053_vip_withdraw_limits';
import * as m0054 from './migrations/0054_linked_claim_lock';
import * as m0055 from './migrations/0055_promotion_eligibility';
import * as m0056 from './migrations/0056_promotion_claim_window';
import * as m0057 from './migrations/0057_promotion_review_above';
import * as m0058 from './migrations/0058_turnover_weights';
import * as m0059 from './migrations/0059_staff';
import * as m0060 from './migrations/0060_staff_approvals';
import * as m0061 from './migrations/0061_member_search';
import * as m0062 from './migrations/0062_merchant_day';
import * as m0063 from './migrations/0063_payment_account';
import * as m0064 from './migrations/0064_member_note';
import * as m0065 from './migrations/0065_agent_tree';
import * as m0066 from './migrations/0066_lottery_site_cancel';
import * as m0067 from './migrations/0067_audit_target';
import * as m0068 from './migrations/0068_db_function';
import * as m0069 from './migrations/0069_approval_thresholds_default';
import * as m0070 from './migrations/0070_recent_wins';
import * as m0071 from './migrations/0071_provider';
import * as m0072 from './migrations/0072_brand_terms';
import * as m0073 from './migrations/0073_brand_preview';
import * as m0074 from './migrations/0074_viewer_role';
import * as m0075 from './migrations/0075_brand_closing_report';
import * as m0076 from './migrations/0076_daily_close';
import * as m0077 from './migrations/0077_liability_proof';
import * as m0078 from './migrations/0078_reconciliation';
import * as m0079 from './migrations/0079_aml';
import * as m0080 from './migrations/0080_kyc';
import * as m0081 from './migrations/0081_aml_patterns';
import * as m0082 from './migrations/0082_ledger_entry_partitions';
import * as m0083 from './migrations/0083_member_name_statistics';
import * as m0084 from './migrations/0084_lottery_win_board';

// Listed by hand (not read from the folder) so that the bundle of migrations is fixed at build time.
const migrations: Record<string, Migration> = {
  '0001_merchants': m0001,
  '0002_content': m0002,
  '0003_rate_limit': m0003,
  '0004_accounts': m0004,
  '0005_ledger': m0005,
  '0006_cashier': m0006,
  '0007_game_wallet': m0007,
  '0008_games_catalogue': m0008,
  // migration: 0009 in-house play (issue 5)
  // migration: 0010 game launch (issue 5)
  // migration: 0011 lottery (issue 6)
  '0011_lottery': m0011,
  '0012_house_pending': m0012,
  '0013_inhouse_play': m0013,
  '0013a_inhouse_mines': m0013a,
  '0015_lottery_place_order': m0015,
  '0016_ledger_append_only': m0016,
  '0017_lottery_cancel_suborder': m0017,
  '0018_lottery_order_idempotency': m0018,
  '0019_member_birth_date': m0019,
  '0020_member_exclusion': m0020,
  '0021_deposit_limit': m0021,
  '0022_reality_check': m0022,
  '0023_play_limits': m0023,
  '0024_bonus_forfeit': m0024,
  '0025_member_tree': m0025,
  '0026_member_day': m0026,
  '0027_member_rebate': m0027,
  '0028_agent_quota': m0028,
  '0029_rebate_run': m0029,
  '0030_team_day': m0030,
  '0031_affiliate_link': m0031,
  '0032_announcement_read': m0032,
  '0033_team_bets': m0033,
  '0034_contract': m0034,
  '0035_contract_settlement': m0035,
  '0036_red_rain': m0036,
  '0037_mail': m0037,
  '0038_live': m0038,
  '0039_feedback': m0039,
  '0040_head_icon': m0040,
  '0041_phone_token_use': m0041,
  '0042_promotions': m0042,
  '0043_promotion_pay': m0043,
  '0044_vip': m0044,
  '0045_referral': m0045,
  '0046_rebate_promotion': m0046,
  '0047_promotion_application': m0047,
  '0048_missions': m0048,
  '0049_promotion_day_job': m0049,
  '0050_member_links': m0050,
  '0051_deposit_promotion': m0051,
  '0052_vip_retention': m0052,
  '0053_vip_withdraw_limits': m0053,
  '0054_linked_claim_lock': m0054,
  '0055_promotion_eligibility': m0055,
  '0056_promotion_claim_window': m0056,
  '0057_promotion_review_above': m0057,
  '0058_turnover_weights': m0058,
  '0059_staff': m0059,
  '0060_staff_approvals': m0060,
  '0061_member_search': m0061,
  '0062_merchant_day': m0062,
  '0063_payment_account': m0063,
  '0064_member_note': m0064,
  '0065_agent_tree': m0065,
  '0066_lottery_site_cancel': m0066,
  '0067_audit_target': m0067,
  '0068_db_function': m0068,
  '0069_approval_thresholds_default': m0069,
  '0070_recent_wins': m0070,
  '0071_provider': m0071,
  '0072_brand_terms': m0072,
  '0073_brand_preview': m0073,
  '0074_viewer_role': m0074,
  '0075_brand_closing_report': m0075,
  '0076_daily_close': m0076,
  '0077_liability_proof': m0077,
  '0078_reconciliation': m0078,
  '0079_aml': m0079,
  '0080_kyc': m0080,
  '0081_aml_patterns': m0081,
  '0082_ledger_entry_partitions': m0082,
  '0083_member_name_statistics': m0083,
  '0084_lottery_win_board': m0084,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema to the latest version, then the database's functions to their files (functions.ts);
 * safe to run from several processes at once (Kysely's lock, then the functions' own).
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  // Migrations of parallel work may land in any order; each is independent of the ones numbered near it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  const migrated = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  await applyFunctions(db);
  return migrated;
}
