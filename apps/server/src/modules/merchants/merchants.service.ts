import type { CustomerService, DownloadLink, StartupBundle } from '@panalo/contract/startup';
import { customerServiceType, resourceType } from '@panalo/contract/startup';
import { findLocale } from '@panalo/contract/locales';
import { brandOpenToPlayers } from '@panalo/contract/provider-rules';
import type { IpCountryLookup } from '../geo/ip-country';
import { isRegionRestricted } from '../geo/region';
import type { MerchantRow, MerchantsRepository } from './merchants.repository';

/** What players are told while the site is under maintenance. */
export interface MaintenanceNotice {
  message: string | null;
  endsAt: string | null;
}

export interface ClientAccess {
  ip: string;
  country: string | null;
  /** Null when the site is open to this client. */
  maintenance: MaintenanceNotice | null;
  restricted: boolean;
}

/**
 * The maintenance in force at `now`: the brand's own switch, or its planned window (startsAt ≤ now <
 * endsAt); null when neither. The window's end is what players are told.
 */
export function maintenanceAt(m: MerchantRow['maintenance'], now: Date): MaintenanceNotice | null {
  const message = m.message ?? null;
  if (m.enabled) return { message, endsAt: m.endsAt ?? null };
  if (m.startsAt && m.endsAt) {
    const t = now.getTime();
    if (Date.parse(m.startsAt) <= t && t < Date.parse(m.endsAt)) return { message, endsAt: m.endsAt };
  }
  return null;
}

/**
 * Startup mode inputs for one request: is the merchant in maintenance (its own switch, or a brand the
 * provider has not opened to players: draft, maintenance, suspended, closed), is this client outside its
 * region?
 */
export function clientAccess(
  merchant: MerchantRow,
  ip: string,
  geo: IpCountryLookup,
  now: Date,
  /** The provider's staff previewing a draft brand (brand-preview.ts): its site opens for them. */
  preview = false,
): ClientAccess {
  const country = geo.lookup(ip);
  const closedToPlayers = !brandOpenToPlayers(merchant.status) && !(preview && merchant.status === 'draft');
  return {
    ip,
    country,
    maintenance:
      maintenanceAt(merchant.maintenance, now) ??
      (closedToPlayers ? { message: merchant.maintenance.message ?? null, endsAt: null } : null),
    restricted: isRegionRestricted(merchant.region_restriction, ip, country),
  };
}

/** Builds the config bundle of spec §3 for one merchant and one client. */
export async function buildStartupBundle(
  repo: MerchantsRepository,
  merchant: MerchantRow,
  access: ClientAccess,
): Promise<StartupBundle> {
  const [links, downloads, social] = await Promise.all([
    repo.customerServiceLinks(merchant.id),
    repo.downloadLinks(merchant.id),
    repo.socialProviders(merchant.id),
  ]);
  const customerService: CustomerService = { CS: [], TELEGRAM: [], FACEBOOK: [] };
  for (const link of links) {
    const type = customerServiceType.safeParse(link.type);
    if (type.success) customerService[type.data].push({ title: link.title, url: link.url });
  }
  const resources: DownloadLink[] = downloads.flatMap((d) => {
    const type = resourceType.safeParse(d.resource_type);
    return type.success ? [{ resourceType: type.data, url: d.url }] : [];
  });
  const s = merchant.settings;
  return {
    maintenance: access.maintenance,
    regionRestriction: access.restricted ? { country: access.country, ip: access.ip } : null,
    info: {
      customerService,
      imageCDNs: merchant.image_cdns,
      domainRoute: merchant.domain_route,
      mobileTemplate: merchant.mobile_template,
      paths: {
        customerService: customerService.CS[0]?.url ?? null,
        help: '/m/help',
        agreement: '/m/useragreement',
      },
      register: {
        rules: merchant.registration_rules,
        captchaEnabled: s.captchaEnabled,
        passwordResetByPhone: s.passwordResetByPhone,
        smsExpiredMinutes: s.smsExpiredMinutes,
        countryDialingCodes: s.countryDialingCodes,
        ageNotice: s.ageNotice,
        phoneVerification: s.phoneVerification
          ? { authUrl: s.phoneVerification.authUrl, apiKey: s.phoneVerification.apiKey }
          : null,
      },
      resources,
      whitelabel: merchant.whitelabel,
      mainDomain: merchant.main_domain,
    },
    location: { ip: access.ip, country: access.country },
    site: {
      platform: 'mobile',
      merchantCode: merchant.code,
      trialMerchantCode: merchant.trial_merchant_code,
      name: merchant.name,
      currency: merchant.currency,
      theme: merchant.theme,
      defaultLanguage: merchant.default_language,
      languages: merchant.languages.flatMap((code) => {
        const l = findLocale(code);
        return l ? [{ code: l.code, tag: l.tag, name: l.name, dir: l.dir, flag: l.flag }] : [];
      }),
      downloadRequiresLogin: s.downloadRequiresLogin,
      appName: s.appName,
      promotions: s.promotions,
      socialLogin: { facebook: social.includes('facebook'), google: social.includes('google') },
    },
  };
}
