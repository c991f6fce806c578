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

export interface DB {
  merchant: MerchantTable;
  merchant_domain: MerchantDomainTable;
  customer_service_link: CustomerServiceLinkTable;
  download_link: DownloadLinkTable;
  announcement: AnnouncementTable;
  announcement_i18n: AnnouncementI18nTable;
  hot_match: HotMatchTable;
  help_item: HelpItemTable;
  help_item_i18n: HelpItemI18nTable;
  content_page: ContentPageTable;
  game_category: GameCategoryTable;
  rate_limit_bucket: RateLimitBucketTable;
}
