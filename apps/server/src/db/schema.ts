// Long file: the whole database's row types in one place, table by table, as the migrations define them.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  MaintenanceSettings,
  MerchantSettings,
  MobileTemplate,
  RegionRestriction,
  RegistrationRules,
  Theme,
  Whitelabel,
} from '@panalo/contract/merchant';
import type { PromotionKind, PromotionPeriod } from '@panalo/contract/promotion-rules';
import type { StaffRole } from '@panalo/contract/staff-rules';
import type { BrandStatus, ProviderRole } from '@panalo/contract/provider-rules';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface MerchantTable {
  id: Generated<number>;
  code: string;
  name: string;
  currency: string;
  default_language: string;
  languages: JSONColumnType<string[]>;
  theme: JSONColumnType<Theme>;
  whitelabel: JSONColumnType<Whitelabel>;
  registration_rules: JSONColumnType<RegistrationRules>;
  image_cdns: JSONColumnType<string[]>;
  mobile_template: JSONColumnType<MobileTemplate>;
  maintenance: JSONColumnType<MaintenanceSettings>;
  region_restriction: JSONColumnType<RegionRestriction>;
  domain_route: JSONColumnType<string[]>;
  main_domain: string;
  trial_merchant_code: string | null;
  settings: JSONColumnType<MerchantSettings>;
  created_at: CreatedAt;
  /**
   * Maker-checker thresholds (minor units): above them a second staff member approves; null: never. A new
   * merchant starts with DEFAULT_APPROVAL_THRESHOLDS (the columns' defaults).
   */
  adjust_review_above: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  withdrawal_review_above: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The brand's life (issue 51); the provider moves it, with a row in brand_status_change. */
  status: ColumnType<BrandStatus, BrandStatus | undefined, BrandStatus>;
  status_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface MerchantDomainTable {
  domain: string;
  merchant_id: number;
}

export interface CustomerServiceLinkTable {
  id: Generated<number>;
  merchant_id: number;
  type: string;
  title: string;
  url: string;
  sort: number;
}

export interface DownloadLinkTable {
  id: Generated<number>;
  merchant_id: number;
  resource_type: string;
  url: string;
}

export interface AnnouncementTable {
  id: Generated<number>;
  merchant_id: number;
  type: string;
  group_name: string;
  platform: string;
  execution: string | null;
  promotion_type: string | null;
  image_url: string | null;
  link_url: string | null;
  sort: number;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: CreatedAt;
}

/** What a promotion gives (migration 0042): a fixed amount, or by check-in streak day (minor units as text). */
export type PromotionReward =
  | { type: 'fixed'; amount: string }
  /** A uniform draw (CSPRNG) between min and max, made when the claim is written (manual, apply). */
  | { type: 'random'; min: string; max: string }
  | { type: 'streak'; amounts: string[] }
  /** Referral (0045): the inviter's reward once a friend's deposits reach minDeposit. */
  | { type: 'referral'; amount: string; minDeposit: string }
  /**
   * Rebate (0046): basis points of valid turnover per product group, one rate per VIP level (a level past
   * the list takes the last); a claim below `min` is not paid, a member's day never takes more than `max`.
   */
  | { type: 'rebate'; rates: Partial<Record<string, number[]>>; min: string; max: string }
  /** Mission (0048): `amount` once per period when turnover (of `product`, or all) or deposits reach `target`. */
  | { type: 'mission'; goal: 'turnover' | 'deposits'; product: string | null; target: string; amount: string }
  /** Leaderboard race (0048): prizes by place (1st first) for valid turnover (of `product`, or all). */
  | { type: 'leaderboard'; product: string | null; prizes: string[] }
  /**
   * Deposit bonus (0051): percentBp of a deposit of at least minDeposit, at most max; or the first only.
   * With tiers (a tier table), the bonus is instead the amount of the highest tier the deposit reaches.
   */
  | {
      type: 'deposit';
      percentBp: number;
      max: string;
      minDeposit: string;
      firstDeposit: boolean;
      tiers?: { from: string; amount: string }[];
    };
/** Title and terms (HTML) per language. */
export type PromotionTexts = Record<string, { title: string; terms: string }>;

export interface PromotionTable {
  id: Generated<bigint>;
  merchant_id: number;
  code: string;
  kind: PromotionKind;
  category: ColumnType<string, string | undefined, string>;
  texts: JSONColumnType<PromotionTexts>;
  period: PromotionPeriod;
  reward: JSONColumnType<PromotionReward>;
  wagering_multiplier_tenths: ColumnType<number, number | undefined, number>;
  budget: bigint | null;
  granted: ColumnType<bigint, bigint | undefined, bigint>;
  starts_at: Date;
  ends_at: Date | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Date;
  /** Percent of each product group's stakes counted towards its bonuses' turnover (0058); null: all. */
  wagering_weights: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  /** Hours to meet its bonuses' turnover before they are forfeited (0058); null: no limit. */
  wagering_hours: ColumnType<number | null, number | null | undefined, number | null>;
  /** Claims worth more than this (minor units) wait for an operator's review (0057); null: none do. */
  review_above: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** Hours to claim a reward of it once issued (0056); null: no limit. */
  claim_hours: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who may take part (0055); {} for everyone. */
  eligibility: ColumnType<PromotionEligibility, string | undefined, string>;
}

/** A promotion's eligibility as stored (0055): every condition present must hold. */
export interface PromotionEligibility {
  newPlayersDays?: number;
  vipLevels?: number[];
  depositsMin?: number;
  depositsMax?: number;
  agents?: string[];
  excludes?: string[];
}

/** A VIP club level of a merchant (migration 0044): names per language, what reaches it, its bonus. */
export interface VipLevelTable {
  merchant_id: number;
  level: number;
  names: JSONColumnType<Record<string, string>>;
  deposits_required: ColumnType<bigint, bigint | undefined, bigint>;
  turnover_required: ColumnType<bigint, bigint | undefined, bigint>;
  level_up_bonus: ColumnType<bigint, bigint | undefined, bigint>;
  /** What keeps the level through a month, and its monthly bonus (0052). */
  retain_deposits: ColumnType<bigint, bigint | undefined, bigint>;
  retain_turnover: ColumnType<bigint, bigint | undefined, bigint>;
  monthly_bonus: ColumnType<bigint, bigint | undefined, bigint>;
  /** Withdrawals a day and their total at the level (0053); null: no limit of the level's own. */
  withdraw_daily_count: ColumnType<number | null, number | null | undefined, number | null>;
  withdraw_daily_amount: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

/** A merchant's VIP month whose review has run (0052). */
export interface VipMonthJobTable {
  merchant_id: number;
  month: string;
  kept: number;
  relegated: number;
  done_at: Date;
}

/** A member's VIP month reviewed (0052): kept or relegated, with the month's figures. */
export interface VipReviewTable {
  merchant_id: number;
  member_id: bigint;
  month: string;
  level_before: number;
  level_after: number;
  deposits: bigint;
  turnover: bigint;
  reviewed_at: Date;
}

/** The terms copied onto a claim when it is granted: later edits of the promotion never change it. */
export interface ClaimTerms {
  title: PromotionTexts;
  wageringTenths: number;
  /** Product weights and hours for the bonus's turnover (0058), copied from the promotion. */
  turnoverWeights?: Record<string, number> | null;
  turnoverHours?: number | null;
}

export interface PromotionClaimTable {
  id: Generated<bigint>;
  merchant_id: number;
  promotion_id: bigint;
  member_id: bigint;
  period_key: string;
  status: 'applying' | 'rejected' | 'issued' | 'claimed' | 'signed' | 'expired' | 'forfeited';
  amount: bigint;
  terms: JSONColumnType<ClaimTerms>;
  streak: number | null;
  reason: string | null;
  transfer_id: bigint | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A rebate claim's line (migration 0046): the turnover of one product group it rebated. */
export interface PromotionRebateTable {
  claim_id: bigint;
  product: string;
  merchant_id: number;
  promotion_id: bigint;
  member_id: bigint;
  day: string;
  turnover: bigint;
  rate_bp: number;
  amount: bigint;
}

/** An application to a promotion (0047): the member's comment and the review. */
export interface PromotionApplicationTable {
  claim_id: bigint;
  comment: string;
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
}

/** An image of an application (0047), in the file store. */
export interface PromotionApplicationImageTable {
  claim_id: bigint;
  n: number;
  file_key: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
}

/** A merchant day the daily promotion job has been through (0049). */
export interface PromotionDayJobTable {
  merchant_id: number;
  day: string;
  raised: ColumnType<number, number | undefined, number>;
  referrals: ColumnType<number, number | undefined, number>;
  done_at: Date;
}

/** The daily rebate run of a promotion's day (0046): its cursor and totals. */
export interface PromotionRebateRunTable {
  promotion_id: bigint;
  day: string;
  upto_member: ColumnType<bigint, bigint | undefined, bigint>;
  claims: ColumnType<number, number | undefined, number>;
  amount: ColumnType<bigint, bigint | undefined, bigint>;
  started_at: Date;
  done_at: Date | null;
}

/** A phone-verification ID token already used (migration 0041). */
export interface PhoneTokenUseTable {
  token_hash: Buffer;
  merchant_id: number;
  expires_at: Date;
}

/** A member opened an announcement (migration 0032). */
export interface AnnouncementReadTable {
  member_id: bigint;
  announcement_id: number;
  read_at: Timestamp;
}

export interface AnnouncementI18nTable {
  announcement_id: number;
  merchant_id: number;
  lang: string;
  title: string;
  content: string;
}

export interface HotMatchTable {
  id: Generated<number>;
  merchant_id: number;
  league: string;
  home_team: string;
  away_team: string;
  home_team_image_url: string;
  away_team_image_url: string;
  match_time: Date;
  vendor: string;
  room_id: string;
  node_id: string;
  sort: number;
}

export interface HelpItemTable {
  id: Generated<number>;
  merchant_id: number;
  device: string;
  sort: number;
}

export interface HelpItemI18nTable {
  help_item_id: number;
  merchant_id: number;
  lang: string;
  title: string;
  content: string;
}

export interface ContentPageTable {
  merchant_id: number;
  slug: string;
  lang: string;
  title: string;
  content: string;
}

export interface GameCategoryTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  icon_url: string;
  sort: number;
  enabled: boolean;
}

export interface RateLimitBucketTable {
  key: string;
  count: number;
  reset_at: Date;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MemberTable {
  id: Generated<bigint>;
  merchant_id: number;
  username: string;
  password_hash: string;
  type: ColumnType<number, number | undefined, number>;
  status: ColumnType<
    'active' | 'disabled' | 'self_excluded',
    'active' | 'disabled' | 'self_excluded' | undefined
  >;
  nickname: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile_num: string | null;
  payee_name: string | null;
  payment_password_hash: string | null;
  id_number: string | null;
  qq_num: string | null;
  facebook: string | null;
  wechat: string | null;
  line: string | null;
  whatsapp: string | null;
  zalo: string | null;
  /** The time-out or self-exclusion in force (status 'self_excluded'): its kind and end (null: never). */
  excluded_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  exclusion_kind: ColumnType<
    'timeout' | 'self_exclusion' | null,
    'timeout' | 'self_exclusion' | null | undefined,
    'timeout' | 'self_exclusion' | null
  >;
  /** Reality-check interval in minutes (15, 30, 60); null: off. */
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'YYYY-MM-DD' (a date column read as its text). */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  recommender_id: string | null;
  /** Invite friends (0045): my referral code, made on first use; who invited me. */
  referral_code: ColumnType<string | null, string | null | undefined, string | null>;
  referrer_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  affiliate_code: string | null;
  upline_id: bigint | null;
  /** The invitation link it registered through (migration 0031). */
  affiliate_link_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** `/<top>/…/<upline>/<id>/`, kept by a trigger from upline_id (migration 0025): a subtree is a prefix. */
  path: Generated<string>;
  register_method: string | null;
  register_url: string | null;
  register_domain: string | null;
  register_ip: string | null;
  first_time_login: ColumnType<boolean, boolean | undefined, boolean>;
  /** The head icon's file-store key (migration 0040); null: none uploaded. */
  head_icon: ColumnType<string | null, string | null | undefined, string | null>;
  to_upline: ColumnType<boolean, boolean | undefined, boolean>;
  vip_level: ColumnType<number, number | undefined, number>;
  /** The day from which figures count towards the next VIP levels (after a relegation; 0052). */
  vip_since: ColumnType<string | null, string | null | undefined, string | null>;
  vip_raised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  last_login_at: NullableTimestamp;
  first_deposit_at: NullableTimestamp;
  password_changed_at: NullableTimestamp;
}

export interface MemberExclusionTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  kind: 'timeout' | 'self_exclusion';
  period: string;
  starts_at: Date;
  ends_at: Date | null;
  created_by: string;
  reason: string | null;
}

export interface ProtectionLimitTable {
  merchant_id: number;
  member_id: bigint;
  kind: 'deposit' | 'loss' | 'wager' | 'session';
  /** 'session' for the session limit (its amount in minutes), a rolling span for the money limits. */
  span: 'day' | 'week' | 'month' | 'session';
  amount: bigint | null;
  pending_amount: bigint | null;
  pending_from: Date | null;
  updated_at: Date;
}

export interface MemberSessionTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  token_hash: string;
  kind: 'session' | 'device';
  device: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Date;
  last_seen_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  /** Staff sessions: ended after this many minutes without a request. */
  idle_minutes: number | null;
}

export interface StaffApprovalTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: 'adjustment' | 'withdrawal';
  target: string;
  amount: bigint;
  request: unknown;
  maker_id: bigint;
  maker_key: string;
  checker_id: bigint | null;
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  decision_reason: string | null;
  result: unknown;
  created_at: Date;
  decided_at: Date | null;
}

export interface StaffActionTable {
  id: Generated<bigint>;
  merchant_id: number;
  staff_id: bigint;
  method: string;
  route: string;
  path: string;
  status: number;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  created_at: Date;
}

export interface StaffAccountTable {
  member_id: bigint;
  merchant_id: number;
  role: StaffRole;
  totp_secret: string | null;
  totp_confirmed_at: Date | null;
  totp_last_step: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProviderStaffTable {
  id: Generated<bigint>;
  username: string;
  password_hash: string;
  role: ProviderRole;
  status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined, 'active' | 'disabled'>;
  totp_secret: string | null;
  totp_confirmed_at: Date | null;
  totp_last_step: bigint | null;
  created_at: CreatedAt;
}

export interface ProviderSessionTable {
  id: Generated<bigint>;
  staff_id: bigint;
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface ProviderAuditTable {
  id: Generated<bigint>;
  staff_id: bigint | null;
  action: string;
  merchant_id: number | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface BrandStatusChangeTable {
  id: Generated<bigint>;
  merchant_id: number;
  from_status: BrandStatus | null;
  to_status: BrandStatus;
  reason: string;
  provider_staff_id: bigint | null;
  created_at: Timestamp;
}

export interface BrandTermsTable {
  merchant_id: number;
  starts_on: string;
  /** Basis points of NGR per product group. */
  shares: JSONColumnType<Record<string, number>>;
  minimum_fee: bigint;
  note: string | null;
  provider_staff_id: bigint | null;
  created_at: Timestamp;
}

export interface LiabilityTreeTable {
  merchant_id: number;
  day: ColumnType<string, string, never>;
  currency: string;
  root: string;
  total: bigint;
  members: number;
  created_at: Timestamp;
}

export interface LiabilityLeafTable {
  merchant_id: number;
  day: ColumnType<string, string, never>;
  currency: string;
  position: number;
  member_id: bigint;
  balance: bigint;
  hash: string;
}

export type ReconSource = 'hub88' | 'paymongo';
export type ReconBreakKind = 'only_theirs' | 'only_ours' | 'amount_differs' | 'status_differs' | 'refunded';

export interface ReconRunTable {
  merchant_id: number;
  day: ColumnType<string, string, never>;
  source: ReconSource;
  status: 'running' | 'done' | 'failed';
  theirs: ColumnType<number, number | undefined, number>;
  ours: ColumnType<number, number | undefined, number>;
  matched: ColumnType<number, number | undefined, number>;
  breaks: ColumnType<number, number | undefined, number>;
  pages: ColumnType<number, number | undefined, number>;
  /** The provider's fees on the day's payments, minor units: the merchant's cost. */
  fees: ColumnType<bigint, bigint | undefined, bigint>;
  error: string | null;
  run_by: string;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface ReconBreakTable {
  id: Generated<bigint>;
  merchant_id: number;
  day: ColumnType<string, string, never>;
  source: ReconSource;
  ref: string;
  kind: ReconBreakKind;
  round: string | null;
  member_id: bigint | null;
  their_amount: bigint | null;
  our_amount: bigint | null;
  their_status: string | null;
  our_status: string | null;
  theirs: unknown;
  ours: unknown;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  resolution: 'credit' | 'debit' | 'explained' | null;
  moved: bigint | null;
  transfer_id: bigint | null;
  reason: string | null;
  resolved_by: string | null;
  resolved_at: NullableTimestamp;
  created_at: Timestamp;
}

export type AmlRule =
  | 'covered'
  | 'structuring'
  | 'low_play'
  | 'pass_through'
  | 'shared_device'
  | 'shared_card'
  | 'shared_payee'
  | 'screening';
export type AmlCaseStatus = 'open' | 'escalated' | 'closed' | 'filed';

export interface AmlCaseTable {
  id: Generated<bigint>;
  merchant_id: number;
  rule: AmlRule;
  member_id: bigint;
  /** What makes the case once: `t:<transfer id>`, or `d:<day>` for a day's structuring. */
  subject: string;
  amount: bigint;
  evidence: unknown;
  status: ColumnType<AmlCaseStatus, AmlCaseStatus | undefined, AmlCaseStatus>;
  freezes_withdrawals: ColumnType<boolean, boolean | undefined, boolean>;
  opened_at: Timestamp;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  note: string | null;
}

export interface AmlCursorTable {
  merchant_id: number;
  last_transfer_id: bigint;
  scanned_at: Timestamp;
}

export interface KycSettingsTable {
  merchant_id: number;
  settings: unknown;
  updated_by: string;
  updated_at: Timestamp;
}

export interface KycContactTable {
  merchant_id: number;
  member_id: bigint;
  channel: 'mobile' | 'email';
  /** What was confirmed: a later change of the number is not confirmed. */
  value: string;
  confirmed_at: Timestamp;
}

export type KycDocumentStatus = 'pending' | 'checking' | 'approved' | 'rejected' | 'more_needed';

export interface KycDocumentTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  kind: 'identity' | 'address';
  id_type: string | null;
  full_name: string;
  /** 'YYYY-MM-DD' (a date column read as its text). */
  birth_date: string;
  /** slot → the file-store key of its sealed image. */
  images: Record<string, string>;
  status: ColumnType<KycDocumentStatus, KycDocumentStatus | undefined, KycDocumentStatus>;
  reason: string | null;
  first_reviewer: string | null;
  reviewed_by: string | null;
  decided_at: NullableTimestamp;
  expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface DailyCloseTable {
  merchant_id: number;
  /** The merchant's reporting day, YYYY-MM-DD. */
  day: ColumnType<string, string, never>;
  currency: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: 'balanced' | 'broken';
  /** The sum of the sheet's differences, minor units (0 when balanced). */
  difference: bigint;
  /** DailyCloseSheet (daily-close.service.ts) as JSON. */
  sheet: JSONColumnType<Record<string, unknown>>;
  run_by: string;
  created_at: Timestamp;
  signed_by: string | null;
  signed_at: NullableTimestamp;
}

export interface BrandClosingReportTable {
  merchant_id: number;
  /** ClosingReport (contract provider.ts) as JSON. */
  report: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface BrandPreviewTable {
  token_hash: string;
  merchant_id: number;
  provider_staff_id: bigint;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface StaffSetupTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CaptchaTable {
  id: Generated<bigint>;
  merchant_id: number;
  device: string;
  answer_hash: string;
  expires_at: Date;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface VerificationCodeTable {
  id: Generated<bigint>;
  merchant_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  purpose: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OutboxMessageTable {
  id: Generated<bigint>;
  merchant_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
}

export interface PasswordResetTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  token_hash: string;
  expires_at: Date;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LoginKeyTable {
  kid: string;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
  retired_at: NullableTimestamp;
}

export interface EnvelopeNonceTable {
  nonce: string;
  expires_at: Date;
}

export interface OauthProviderTable {
  merchant_id: number;
  provider: 'facebook' | 'google';
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string | null;
  client_id: string;
  client_secret: string;
  scope: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface OauthStateTable {
  state: string;
  merchant_id: number;
  provider: string;
  code_verifier: string;
  nonce: string;
  expires_at: Date;
  used_at: NullableTimestamp;
}

export interface MemberIdentityTable {
  merchant_id: number;
  provider: string;
  subject: string;
  member_id: bigint;
  created_at: Timestamp;
}

export type LedgerBook = 'real' | 'play';
export type LedgerAccountKind =
  | 'member_wallet'
  | 'house'
  | 'promotion'
  | 'payment_clearing'
  | 'vendor_clearing'
  | 'pending_withdrawal'
  | 'agent_commission'
  | 'adjustment'
  | 'held';

export interface LedgerAccountTable {
  id: Generated<bigint>;
  merchant_id: number;
  book: LedgerBook;
  kind: LedgerAccountKind;
  owner_member_id: bigint | null;
  ref: ColumnType<string, string | undefined, string>;
  currency: string;
  balance: ColumnType<bigint, bigint | undefined, bigint>;
  allow_negative: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface LedgerTransferTable {
  id: Generated<bigint>;
  merchant_id: number;
  book: LedgerBook;
  kind: string;
  idempotency_scope: string | null;
  idempotency_key: string | null;
  reference: string | null;
  memo: string | null;
  created_by: string;
  created_at: Timestamp;
}

export interface LedgerEntryTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  amount: bigint;
  /** The account's balance after the entry; null on a house leg appended through house_pending. */
  balance_after: bigint | null;
  created_at: Timestamp;
}

/** House amounts not yet in their shard's balance (migration 0012; rolled up by rollUpHouse). */
export interface HousePendingTable {
  account_id: bigint;
  amount: bigint;
  /** Whose bet, win, refund or promotion credit it is (real book only; 0026, 0043), for member_day. */
  member_id: bigint | null;
  kind: 'bet' | 'win' | 'refund' | 'bonus' | null;
  vendor_id: number | null;
  game: string | null;
  product: string | null;
  at: NullableTimestamp;
}

/** A member's rebate rate for one product group, in basis points (migration 0027). */
export interface MemberRebateTable {
  merchant_id: number;
  member_id: bigint;
  product: string;
  rate_bp: number;
  updated_at: Timestamp;
  updated_by: string;
}

/** An agent's quotas for opening downlines above the free threshold, per rate (migration 0028). */
export interface AgentQuotaTable {
  merchant_id: number;
  member_id: bigint;
  rate_bp: number;
  remaining: number;
}

/** A merchant's rebate run of one reporting day (migration 0029; agents/rebate-run.ts). */
export interface RebateRunTable {
  merchant_id: number;
  day: string;
  lines: number;
  turnover: bigint;
  amount: bigint;
  computed_at: Timestamp;
  paid_at: Timestamp | null;
}

export type RebateKind = 'rebate' | 'commission';

/** What one beneficiary earned on one day from one source in one product group (migration 0029). */
export interface RebateLineTable {
  merchant_id: number;
  day: string;
  beneficiary_id: bigint;
  kind: RebateKind;
  source_id: bigint;
  product: string;
  turnover: bigint;
  rate_bp: number;
  amount: bigint;
}

/** One beneficiary's payment of one day's rebate lines, exactly once by its key (migration 0029). */
export interface RebateSettlementTable {
  merchant_id: number;
  day: string;
  beneficiary_id: bigint;
  kind: RebateKind;
  amount: bigint;
  carry_in: bigint;
  paid: bigint;
  carry_out: bigint;
  transfer_id: bigint | null;
  settled_at: Timestamp;
}

/** One member's figures on one reporting day and product group (migration 0026; stats/member-day.ts). */
export interface MemberDayTable {
  merchant_id: number;
  member_id: bigint;
  day: string;
  product: string;
  bets: bigint;
  bet_count: number;
  wins: bigint;
  refunds: bigint;
  deposits: bigint;
  deposit_count: number;
  first_deposits: number;
  withdrawals: bigint;
  withdrawal_count: number;
  bonuses: bigint;
  rebates: bigint;
  commissions: bigint;
}

/** A merchant's figures per reporting day, product group and shard: member_day summed (migration 0062). */
export interface MerchantDayTable {
  merchant_id: number;
  day: string;
  product: string;
  shard: number;
  bets: bigint;
  refunds: bigint;
  wins: bigint;
  bonuses: bigint;
  rebates: bigint;
  commissions: bigint;
  deposits: bigint;
  withdrawals: bigint;
  bet_count: number;
  deposit_count: number;
  withdrawal_count: number;
  first_deposits: number;
}

/** Players per merchant, day and shard: who bet that day, whose latest bet was that day (migration 0062). */
export interface MerchantPlayersTable {
  merchant_id: number;
  day: string;
  shard: number;
  bettors: number;
  last_bets: number;
  registrations: number;
}

/** A member's latest reporting day with a bet (migration 0062). */
export interface MemberLastBetTable {
  member_id: bigint;
  merchant_id: number;
  day: string | null;
}

/** Wallet games' stakes, wins and refunds per merchant, day, wallet vendor and game (migration 0062). */
export interface GameDayTable {
  merchant_id: number;
  day: string;
  vendor_id: number;
  game: string;
  bets: bigint;
  bet_count: number;
  wins: bigint;
  refunds: bigint;
}

/** An agent's team (its subtree without itself) on one reporting day (migration 0030). */
export interface TeamDayTable {
  merchant_id: number;
  agent_id: bigint;
  day: string;
  bets: bigint;
  refunds: bigint;
  wins: bigint;
  bonuses: bigint;
  rebates: bigint;
  commissions: bigint;
  deposits: bigint;
  withdrawals: bigint;
  bet_count: number;
  deposit_count: number;
  withdrawal_count: number;
  first_deposits: number;
  bettors: number;
  registrations: number;
  logins: number;
}

/** An agent's invitation link (migration 0031; agents/affiliate-links.ts). */
export interface AffiliateLinkTable {
  id: Generated<bigint>;
  merchant_id: number;
  agent_id: bigint;
  code: string;
  kind: 'player' | 'agent';
  /** Product group → basis points. */
  rates: JSONColumnType<Record<string, number>>;
  quota_rate: number | null;
  expires_at: NullableTimestamp;
  registrations: Generated<number>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ContractTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  kind: 'daily_salary' | 'hourly_salary' | 'dividend';
  version: number;
  upline_id: bigint | null;
  offered_by_staff: bigint | null;
  scope: 'all' | 'lottery';
  /** [{turnover: minor units as text, active, rate: basis points}], lowest tier first. */
  tiers: JSONColumnType<{ turnover: string; active: number; rate: number }[]>;
  cap: bigint | null;
  status: 'pending' | 'active' | 'refused' | 'withdrawn' | 'replaced' | 'terminated';
  offered_at: Timestamp;
  decided_at: NullableTimestamp;
  ends_at: NullableTimestamp;
}

/** A member's stakes, refunds and deposits in one local hour and product group (migration 0035). */
export interface MemberHourTable {
  merchant_id: number;
  member_id: bigint;
  /** The local hour's start in the merchant's zone (timestamp without zone). */
  hour: string;
  product: string;
  bets: bigint;
  refunds: bigint;
  deposits: bigint;
}

export type ContractKindColumn = 'daily_salary' | 'hourly_salary' | 'dividend';

/** One settlement job's period (migration 0035). */
export interface ContractRunTable {
  merchant_id: number;
  kind: ContractKindColumn;
  period_key: string;
  period_start: Timestamp;
  period_end: Timestamp;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  settlements: Generated<number>;
  paid: Generated<bigint>;
  owed: Generated<bigint>;
}

/** What one contract paid or owes for one period, with its figures (migration 0035). */
export interface ContractSettlementTable {
  id: Generated<bigint>;
  merchant_id: number;
  contract_id: bigint;
  member_id: bigint;
  kind: ContractKindColumn;
  period_key: string;
  period_start: Timestamp;
  period_end: Timestamp;
  turnover: bigint;
  active: number;
  net_loss: bigint;
  carry_in: bigint;
  carry_out: bigint;
  tier: number | null;
  rate_bp: number;
  capped: boolean;
  amount: bigint;
  payer: 'platform' | 'upline';
  payer_id: bigint | null;
  status: 'paid' | 'owed' | 'void' | 'nil';
  transfer_id: bigint | null;
  settled_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  reason: string | null;
}

/** An agent's red envelope rain (migration 0036). */
export interface RainTable {
  id: Generated<bigint>;
  merchant_id: number;
  agent_id: bigint;
  currency: string;
  budget: bigint;
  envelopes: number;
  min_amount: bigint;
  per_member: number;
  audience: 'team' | 'chosen';
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: ColumnType<
    'scheduled' | 'finished' | 'cancelled',
    'scheduled' | undefined,
    'finished' | 'cancelled'
  >;
  held_accounts: bigint[];
  fund_transfer_id: bigint;
  return_transfer_id: bigint | null;
  returned: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface RainMemberTable {
  rain_id: bigint;
  member_id: bigint;
}

/** One envelope of a rain: its amount, split when scheduled, and who claimed it (migration 0036). */
export interface RainEnvelopeTable {
  rain_id: bigint;
  n: number;
  amount: bigint;
  member_id: bigint | null;
  claim_no: number | null;
  claimed_at: NullableTimestamp;
  transfer_id: bigint | null;
}

/** A mail of the mail centre: an operator's or the platform's, to named members or a broadcast (migration 0037). */
export interface MailTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: 'operator' | 'system';
  audience: 'members' | 'all' | 'vip' | 'team' | 'types';
  vip_levels: number[] | null;
  agent_id: bigint | null;
  member_types: number[] | null;
  title: string | null;
  body: string | null;
  template: string | null;
  params: ColumnType<Record<string, string>, string | undefined, string>;
  sent_by: bigint | null;
  recipients: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface MailRecipientTable {
  member_id: bigint;
  mail_id: bigint;
}

/** What a member did with a mail; no row: unread (migration 0037). */
export interface MailStateTable {
  member_id: bigint;
  mail_id: bigint;
  read_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
}

/** A member's open streams in one API process (unlogged; migration 0038). */
export interface MemberStreamTable {
  member_id: bigint;
  process: string;
  streams: number;
  seen_at: Timestamp;
}

/** A single-use ticket that opens a member's stream (unlogged; migration 0038). */
export interface StreamTicketTable {
  ticket_hash: string;
  merchant_id: number;
  member_id: bigint;
  expires_at: Timestamp;
}

/** A member's feedback to the operator (migration 0039). */
export interface FeedbackTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  category: string;
  content: string;
  status: ColumnType<'open' | 'replied' | 'closed', 'open' | undefined, 'open' | 'replied' | 'closed'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FeedbackImageTable {
  feedback_id: bigint;
  n: number;
  file_key: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: number;
  width: number;
  height: number;
}

export interface FeedbackReplyTable {
  id: Generated<bigint>;
  feedback_id: bigint;
  staff_id: bigint;
  content: string;
  created_at: Timestamp;
}

export interface IdempotencyRecordTable {
  merchant_id: number;
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: unknown;
  created_at: Timestamp;
}

export interface MerchantCashierTable {
  merchant_id: number;
  min_withdraw: bigint;
  max_withdraw: bigint;
  max_cards: ColumnType<number, number | undefined, number>;
}

export interface DepositMethodTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  kind: 'bank_transfer' | 'gateway';
  name: string;
  provider: string | null;
  min_amount: bigint;
  max_amount: bigint;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface MerchantBankAccountTable {
  id: Generated<bigint>;
  merchant_id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export type DepositStatus = 'pending' | 'paid' | 'rejected' | 'expired' | 'cancelled';

export interface DepositOrderTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  method_code: string;
  kind: 'bank_transfer' | 'gateway';
  currency: string;
  amount: bigint;
  bonus_amount: ColumnType<bigint, bigint | undefined, bigint>;
  promotion_code: string | null;
  /** The deposit promotion accepted (0051) and its turnover multiplier then, in tenths. */
  promotion_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  wagering_tenths: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<DepositStatus, DepositStatus | undefined, DepositStatus>;
  reference: string | null;
  payer_name: string | null;
  bank_account_id: bigint | null;
  provider: string | null;
  provider_ref: string | null;
  transfer_id: bigint | null;
  decided_by: string | null;
  reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventTable {
  provider: string;
  event_id: string;
  merchant_id: number;
  order_id: bigint | null;
  payload: unknown;
  received_at: Timestamp;
}

export interface WageringRequirementTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  source: string;
  source_ref: string;
  required: bigint;
  done: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  /** Closed by a time-out or self-exclusion (its bonus taken back), not by turnover. */
  forfeited_at: NullableTimestamp;
  /** Percent of each product group's stakes that counts (0058; a group not named: 100); null: all. */
  weights: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  /** When it is forfeited if not met (0058); null: never. */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface WithdrawBankTable {
  merchant_id: number;
  code: string;
  name: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface MemberBankCardTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  bank_code: string;
  card_number_enc: string;
  card_last4: string;
  card_hash: string;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
}

export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';

export interface WithdrawalTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  card_id: bigint;
  currency: string;
  amount: bigint;
  status: ColumnType<WithdrawalStatus, WithdrawalStatus | undefined, WithdrawalStatus>;
  reason: string | null;
  hold_transfer_id: bigint | null;
  final_transfer_id: bigint | null;
  decided_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  merchant_id: number;
  actor: string;
  action: string;
  target: string;
  details: unknown;
  created_at: Timestamp;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface DB {
  merchant: MerchantTable;
  merchant_domain: MerchantDomainTable;
  customer_service_link: CustomerServiceLinkTable;
  download_link: DownloadLinkTable;
  announcement: AnnouncementTable;
  announcement_i18n: AnnouncementI18nTable;
  announcement_read: AnnouncementReadTable;
  phone_token_use: PhoneTokenUseTable;
  promotion: PromotionTable;
  promotion_claim: PromotionClaimTable;
  promotion_rebate: PromotionRebateTable;
  promotion_day_job: PromotionDayJobTable;
  promotion_application: PromotionApplicationTable;
  promotion_application_image: PromotionApplicationImageTable;
  promotion_rebate_run: PromotionRebateRunTable;
  vip_review: VipReviewTable;
  vip_month_job: VipMonthJobTable;
  vip_level: VipLevelTable;
  hot_match: HotMatchTable;
  help_item: HelpItemTable;
  help_item_i18n: HelpItemI18nTable;
  content_page: ContentPageTable;
  game_category: GameCategoryTable;
  rate_limit_bucket: RateLimitBucketTable;
  member: MemberTable;
  member_exclusion: MemberExclusionTable;
  protection_limit: ProtectionLimitTable;
  member_session: MemberSessionTable;
  staff_account: StaffAccountTable;
  provider_staff: ProviderStaffTable;
  provider_session: ProviderSessionTable;
  provider_audit: ProviderAuditTable;
  brand_status_change: BrandStatusChangeTable;
  staff_setup: StaffSetupTable;
  brand_terms: BrandTermsTable;
  brand_preview: BrandPreviewTable;
  brand_closing_report: BrandClosingReportTable;
  daily_close: DailyCloseTable;
  liability_tree: LiabilityTreeTable;
  liability_leaf: LiabilityLeafTable;
  recon_run: ReconRunTable;
  recon_break: ReconBreakTable;
  aml_case: AmlCaseTable;
  aml_cursor: AmlCursorTable;
  kyc_settings: KycSettingsTable;
  kyc_contact: KycContactTable;
  kyc_document: KycDocumentTable;
  staff_approval: StaffApprovalTable;
  staff_action: StaffActionTable;
  captcha: CaptchaTable;
  verification_code: VerificationCodeTable;
  outbox_message: OutboxMessageTable;
  password_reset: PasswordResetTable;
  login_key: LoginKeyTable;
  envelope_nonce: EnvelopeNonceTable;
  oauth_provider: OauthProviderTable;
  oauth_state: OauthStateTable;
  member_identity: MemberIdentityTable;
  mail: MailTable;
  mail_recipient: MailRecipientTable;
  mail_state: MailStateTable;
  member_stream: MemberStreamTable;
  stream_ticket: StreamTicketTable;
  feedback: FeedbackTable;
  feedback_image: FeedbackImageTable;
  feedback_reply: FeedbackReplyTable;
  ledger_account: LedgerAccountTable;
  ledger_transfer: LedgerTransferTable;
  ledger_entry: LedgerEntryTable;
  house_pending: HousePendingTable;
  member_day: MemberDayTable;
  team_day: TeamDayTable;
  merchant_day: MerchantDayTable;
  merchant_players: MerchantPlayersTable;
  member_last_bet: MemberLastBetTable;
  game_day: GameDayTable;
  affiliate_link: AffiliateLinkTable;
  contract: ContractTable;
  contract_run: ContractRunTable;
  contract_settlement: ContractSettlementTable;
  rain: RainTable;
  rain_member: RainMemberTable;
  rain_envelope: RainEnvelopeTable;
  member_hour: MemberHourTable;
  member_rebate: MemberRebateTable;
  agent_quota: AgentQuotaTable;
  rebate_run: RebateRunTable;
  rebate_line: RebateLineTable;
  rebate_settlement: RebateSettlementTable;
  idempotency_record: IdempotencyRecordTable;
  merchant_cashier: MerchantCashierTable;
  deposit_method: DepositMethodTable;
  merchant_bank_account: MerchantBankAccountTable;
  deposit_order: DepositOrderTable;
  payment_event: PaymentEventTable;
  wagering_requirement: WageringRequirementTable;
  withdraw_bank: WithdrawBankTable;
  member_bank_card: MemberBankCardTable;
  withdrawal: WithdrawalTable;
  audit_log: AuditLogTable;
  app_secret: AppSecretTable;
}

// Game wallet (migration 0007), merged into DB by declaration merging so this stays an append.
export type VendorTxKind = 'bet' | 'win' | 'rollback' | 'end';

export interface GameVendorTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  hmac_secret: string;
  allowed_ips: JSONColumnType<string[]>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface GameSessionTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_id: number;
  member_id: bigint;
  token_hash: string;
  book: LedgerBook;
  currency: string;
  game_code: string | null;
  wallet_account_id: bigint;
  house_account_id: bigint;
  created_at: Timestamp;
  expires_at: Date;
}

export interface GameRoundTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_id: number;
  round_id: string;
  member_id: bigint;
  book: LedgerBook;
  game_code: string | null;
  bet_total: ColumnType<bigint, bigint | undefined, bigint>;
  win_total: ColumnType<bigint, bigint | undefined, bigint>;
  refund_total: ColumnType<bigint, bigint | undefined, bigint>;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  started_at: Timestamp;
  updated_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface VendorTransactionTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_id: number;
  vendor_tx_id: string;
  kind: VendorTxKind;
  round_id: string | null;
  game_code: string | null;
  member_id: bigint;
  book: LedgerBook;
  amount: ColumnType<bigint, bigint | undefined, bigint>;
  status: 'applied' | 'tombstone';
  request_hash: string;
  original_tx_id: string | null;
  rolled_back_by: string | null;
  transfer_id: bigint | null;
  answer: unknown;
  created_at: Timestamp;
}

export interface DB {
  game_vendor: GameVendorTable;
  game_session: GameSessionTable;
  game_round: GameRoundTable;
  vendor_transaction: VendorTransactionTable;
}

// Games catalogue (migration 0008), merged into DB by declaration merging so this stays an append.
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface VendorTable {
  code: string;
  name: string;
  category: string;
  account_type_name: string;
  small_icon: string | null;
  large_icon: string | null;
  colours: Defaulted<string>;
  wallet_vendor_code: string | null;
  enabled: Defaulted<boolean>;
  sort: Defaulted<number>;
}

export interface VendorCategoryTable {
  category: string;
  vendor_code: string;
  sort: Defaulted<number>;
}

export interface GameClassificationTable {
  category: string;
  code: string;
  vendor_code: string | null;
  names: JSONColumnType<Record<string, string>>;
  sort: Defaulted<number>;
}

export interface GameTable {
  id: Generated<bigint>;
  vendor_code: string;
  game_id: string;
  game_type: string;
  node_name: string;
  room_id: string | null;
  show_icon: Defaulted<boolean>;
  icon_url: string | null;
  support_play: Defaulted<boolean>;
  classify: string | null;
  is_new: Defaulted<boolean>;
  hot: Defaulted<boolean>;
  min_bet: Defaulted<bigint>;
  lines: number | null;
  sort: Defaulted<number>;
  enabled: Defaulted<boolean>;
  search_text: Defaulted<string>;
  created_at: CreatedAt;
}

export interface GameI18nTable {
  game_id: bigint;
  lang: string;
  name: string;
}

export interface MerchantVendorTable {
  merchant_id: number;
  vendor_code: string;
  hidden: Defaulted<boolean>;
  sort: number | null;
}

export interface MerchantGameTable {
  merchant_id: number;
  game_id: bigint;
  hidden: Defaulted<boolean>;
  sort: number | null;
  hot: boolean | null;
}

export interface FavouriteTable {
  merchant_id: number;
  member_id: bigint;
  game_id: bigint;
  created_at: Timestamp;
}

export interface RecentTable {
  merchant_id: number;
  member_id: bigint;
  game_id: bigint;
  played_at: Timestamp;
}

export interface DB {
  vendor: VendorTable;
  vendor_category: VendorCategoryTable;
  game_classification: GameClassificationTable;
  game: GameTable;
  game_i18n: GameI18nTable;
  merchant_vendor: MerchantVendorTable;
  merchant_game: MerchantGameTable;
  favourite: FavouriteTable;
  recent: RecentTable;
}

// ---- in-house play (issue 5, migration 0009): add tables below this line ----
// (landed as migration 0013)
export interface InhouseSeedTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  revealed_at: NullableTimestamp;
}

export interface InhouseRoundTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  game: string;
  seed_id: bigint;
  nonce: number;
  book: LedgerBook;
  bet: JSONColumnType<Record<string, unknown>>;
  stake: bigint;
  payout: bigint;
  multiplier: string;
  outcome: JSONColumnType<object | null>;
  status: 'open' | 'pending' | 'settled' | 'refused';
  refusal: string | null;
  idempotency_key: string;
  request_hash: string;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
  /** Mines played tile by tile (0013a): when the open round's stake was debited. */
  staked_at: NullableTimestamp;
}

export interface DB {
  inhouse_seed: InhouseSeedTable;
  inhouse_round: InhouseRoundTable;
}

// ---- game launch and vendor simulator (issue 5, migration 0010): add tables below this line ----

// ---- lottery (issue 6, migration 0011): add tables below this line ----
export type LotteryPeriodState =
  'scheduled' | 'open' | 'locked' | 'drawn' | 'settled' | 'cancelled' | 'refunded';
export type LotteryBetStatus = 'accepted' | 'won' | 'lost' | 'refunded' | 'cancelled';

export interface LotteryGroupTable {
  merchant_id: number;
  code: string;
  sort: number;
  /** Label by language code (EN, TY). */
  names: JSONColumnType<Record<string, string>>;
}

export interface LotteryMerchantGameTable {
  id: Generated<number>;
  merchant_id: number;
  game_code: string;
  group_code: string;
  names: JSONColumnType<Record<string, string>>;
  icon_url: string;
  tags: JSONColumnType<string[]>;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** The merchant's override of the game's settings (odds and limits as decimal strings of minor units). */
  config: JSONColumnType<Record<string, unknown>>;
}

export interface LotteryPeriodTable {
  id: Generated<bigint>;
  game_code: string;
  numero: string;
  open_at: Date;
  lock_at: Date;
  draw_at: Date;
  /** Secret until the draw; its hash is shown from open_at. */
  seed: string;
  seed_hash: string;
  state: LotteryPeriodState;
  result: string | null;
  created_at: Timestamp;
  drawn_at: NullableTimestamp;
  settled_at: NullableTimestamp;
}

export interface LotteryOrderTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  book: LedgerBook;
  game_code: string;
  idempotency_key: string;
  request_hash: string;
  total_stake: bigint;
  transfer_id: bigint;
  created_at: Timestamp;
}

export interface LotteryBetTable {
  id: Generated<bigint>;
  order_id: bigint;
  merchant_id: number;
  member_id: bigint;
  book: LedgerBook;
  period_id: bigint;
  game_code: string;
  numero: string;
  bet_type: string;
  selection: string;
  amount: bigint;
  units: number;
  stake: bigint;
  status: ColumnType<LotteryBetStatus, LotteryBetStatus | undefined, LotteryBetStatus>;
  payout: ColumnType<bigint, bigint | undefined, bigint>;
  wallet_account_id: bigint;
  house_account_id: bigint;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

/** The biggest real-money wins of each period per site (migration 0084): what the winner boards read. */
export interface LotteryWinBoardTable {
  merchant_id: number;
  period_id: bigint;
  bet_id: bigint;
  member_id: bigint;
  game_code: string;
  numero: string;
  stake: bigint;
  payout: bigint;
  settled_at: Timestamp;
}

export interface LotteryWinningTable {
  period_id: bigint;
  merchant_id: number;
  bet_type: string;
  selection: string;
  odds: bigint;
  hits: number;
}

export interface LotteryTierTable {
  period_id: bigint;
  merchant_id: number;
  bet_type: string;
  matches: number;
  odds: bigint;
}

export interface LotteryJackpotTable {
  merchant_id: number;
  game_code: string;
  carry: bigint;
}

export interface LotteryJackpotPeriodTable {
  period_id: bigint;
  merchant_id: number;
  carry_in: bigint;
  sales: bigint;
  pool: bigint;
  paid: bigint;
  carry_out: bigint;
}

export interface DB {
  lottery_group: LotteryGroupTable;
  lottery_merchant_game: LotteryMerchantGameTable;
  lottery_period: LotteryPeriodTable;
  lottery_order: LotteryOrderTable;
  lottery_bet: LotteryBetTable;
  lottery_winning: LotteryWinningTable;
  lottery_win_board: LotteryWinBoardTable;
  lottery_tier: LotteryTierTable;
  lottery_jackpot: LotteryJackpotTable;
  lottery_jackpot_period: LotteryJackpotPeriodTable;
}

// Payment provider accounts (migration 0063).
export interface PaymentAccountTable {
  merchant_id: number;
  provider: string;
  api_url: string;
  secret_key_sealed: string;
  secret_key_last4: string;
  webhook_secret_sealed: string;
  livemode: boolean;
  updated_at: Timestamp;
  updated_by: string;
}

export interface DB {
  payment_account: PaymentAccountTable;
}

// Staff notes on a member (migration 0064).
export interface MemberNoteTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  staff_id: bigint;
  body: string;
  created_at: Timestamp;
}

export interface DB {
  member_note: MemberNoteTable;
}

// A site's cancel of its part of a shared lottery period (migration 0066).
export interface LotteryPeriodCancelTable {
  merchant_id: number;
  period_id: bigint;
  staff_id: bigint;
  reason: string;
  bets: number;
  refunded: bigint;
  cancelled_at: Timestamp;
}

export interface DB {
  lottery_period_cancel: LotteryPeriodCancelTable;
}

// Which content of each db/functions file the database runs (migration 0068, functions.ts).
export interface DbFunctionTable {
  name: string;
  sha256: string;
  applied_at: Date;
}

export interface DB {
  db_function: DbFunctionTable;
}
