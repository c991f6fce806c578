import { contrastFailures } from '@panalo/contract/theme-contrast';
import type { Theme } from '@panalo/contract/merchant';
import type {
  BrandDetail,
  BrandSummary,
  ClosingReport,
  launchBrandRequest,
  MaintenanceWindow,
} from '@panalo/contract/provider';
import { brandMove, type BrandStatus } from '@panalo/contract/provider-rules';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { connectWalletVendors } from '../game-wallet/game-wallet.seed';
import { LOTTERIES } from '../games/seed/words';
import { merchantsRepository } from '../merchants/merchants.repository';
import { GENERATED_LOGO } from '../merchants/brand-mark';
import { hashPassword } from '../identity/passwords';
import { randomToken } from '../../lib/crypto';
import { staffRepository } from '../staff/staff.repository';
import { staffSetupService } from '../staff/staff-setup.service';
import {
  DEFAULT_MODULES,
  DEFAULT_REGISTRATION_RULES,
  defaultMobileTemplate,
  defaultSettings,
} from './brand-defaults';
import { brandSetupRepository } from './brand-setup.repository';
import {
  applyLaunchChoices,
  brandChoicesOf,
  checkLaunchChoices,
  maintenanceJson,
  registrationChoicesOf,
  withRegistrationChoices,
} from './brand-choices';
import { closingReportOf, refuseUnfinishedClose } from './brand-closing';
import { provisionLottery } from './brand-lottery';
import { codeTaken, domainTaken, uniqueAsTaken, unknownBrand } from './brand-refusals';
import { DEFAULT_CATEGORIES, seedGameCategories, seedHelpAndAgreement } from '../../db/seed/content.seed';
import { brandsRepository, type BrandRow } from './brands.repository';
import { providerAuditRepository } from './provider-audit.repository';
import { requireProviderPermission, type ProviderCaller } from './provider-auth.service';

type LaunchInput = z.output<typeof launchBrandRequest>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const brandSummaryOf = (m: BrandRow, domains: string[]): BrandSummary => ({
  code: m.code,
  name: m.name,
  status: m.status,
  mainDomain: m.main_domain,
  domains,
  currency: m.currency,
  timeZone: m.settings.timeZone ?? 'UTC',
  defaultLanguage: m.default_language,
  languages: m.languages,
  createdAt: new Date(m.created_at).toISOString(),
  statusChangedAt: iso(m.status_changed_at),
  players: Number(m.players ?? 0),
});

/**
 * The provider's brands (issue 51): launch one from the form (a draft with its cashier, games, lottery and
 * first owner, copied from a template brand or the platform's defaults), move it through its life, and
 * read it. Every change is in the provider's audit trail with what it was before and after.
 */
export function brandsService(deps: {
  db: Database;
  clock: Clock;
  /** Called after a brand's row changed: every process's merchant cache must see it. */
  merchantsChanged: () => void;
}) {
  const { db, clock } = deps;
  const repo = brandsRepository(db);
  const setup = staffSetupService(db, clock);
  const lotteryCodes = new Set(LOTTERIES.map(([code]) => code));

  async function row(code: string): Promise<BrandRow> {
    const m = await repo.find(code);
    if (!m) throw unknownBrand();
    return m;
  }
  async function summary(code: string): Promise<BrandSummary> {
    const m = await row(code);
    return brandSummaryOf(m, (await repo.domains([m.id])).get(m.id) ?? []);
  }

  const service = {
    async list(): Promise<BrandSummary[]> {
      const rows = await repo.list();
      const domains = await repo.domains(rows.map((r) => r.id));
      return rows.map((m) => brandSummaryOf(m, domains.get(m.id) ?? []));
    },

    async detail(code: string): Promise<BrandDetail> {
      const m = await row(code);
      const [domains, history, lotteryGames, owners] = await Promise.all([
        repo.domains([m.id]),
        repo.history(m.id),
        repo.lotteryGames(m.id),
        staffRepository(db).owners(m.id),
      ]);
      const pending = await staffRepository(db).setupPending(owners.map((o) => o.id));
      return {
        ...brandSummaryOf(m, domains.get(m.id) ?? []),
        ...(await brandChoicesOf(db, m)),
        theme: m.theme,
        modules: m.whitelabel,
        minAge: m.settings.ageNotice,
        birthDateRequired: m.registration_rules.birthDate?.required === true,
        registration: registrationChoicesOf(m.registration_rules),
        restrictedCountries: m.region_restriction.enabled ? m.region_restriction.countries : [],
        lotteryGames,
        owners: owners.map((o) => ({ username: o.username, setupPending: pending.has(o.id) })),
        history: history.map((h) => ({
          from: h.from_status,
          to: h.to_status,
          reason: h.reason,
          by: h.username ?? 'system',
          at: new Date(h.created_at).toISOString(),
        })),
      };
    },

    /**
     * Launches a brand as a draft; its first owner's set-up token (shown once). Refused before anything is
     * written: a code or a domain another brand has (409), a template that does not exist (404), lottery
     * games the catalogue does not have and colours below WCAG AA (400).
     */
    async launch(
      caller: ProviderCaller,
      input: LaunchInput,
      ip: string,
    ): Promise<{ brand: BrandSummary; owner: { username: string; token: string; expiresAt: Date } }> {
      const theme: Theme = { ...input.theme, logo: GENERATED_LOGO, logoAlt: input.name };
      const failures = contrastFailures(theme);
      if (failures.length > 0) {
        throw new DomainError('theme_contrast', 400, 'Some texts of this theme would be unreadable', {
          failures,
        });
      }
      const unknownGames = (input.lotteryGames ?? []).filter((g) => !lotteryCodes.has(g));
      if (unknownGames.length > 0) {
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          field: 'lotteryGames',
          rule: 'unknown',
          games: unknownGames,
        });
      }
      const hiddenGameIds = await checkLaunchChoices(db, input);
      const template = input.templateCode ? await repo.find(input.templateCode) : undefined;
      if (input.templateCode && !template) {
        throw new DomainError('template_unknown', 404, 'There is no brand with this code to copy');
      }
      const domains = [input.mainDomain, ...input.extraDomains];
      const merchants = merchantsRepository(db);
      if (await merchants.findByCode(input.code)) throw codeTaken();
      const taken = await merchants.takenDomains(domains);
      if (taken.length > 0) throw domainTaken(taken);
      // The owner cannot sign in before the set-up link gives them a password of their own.
      const placeholder = await hashPassword(randomToken(32));
      const at = clock.now();

      const launched = await inTransaction(db, 'brands.service.launch', async (trx) => {
        const setupRepo = brandSetupRepository(trx);
        const rules = withRegistrationChoices(
          template?.registration_rules ?? DEFAULT_REGISTRATION_RULES,
          input.registration,
        );
        rules.birthDate = input.birthDateRequired
          ? { enabled: true, required: true, message: 'valid.birthDate' }
          : rules.birthDate && { ...rules.birthDate, required: false };
        if (!rules.birthDate) delete rules.birthDate;
        const id = await merchantsRepository(trx)
          .create({
            code: input.code,
            name: input.name,
            currency: input.currency,
            defaultLanguage: input.defaultLanguage,
            languages: [input.defaultLanguage, ...input.languages.filter((l) => l !== input.defaultLanguage)],
            theme,
            whitelabel: { ...(template?.whitelabel ?? DEFAULT_MODULES), ...input.modules },
            rules,
            imageCDNs: ['/cdn/edge-a', '/cdn/edge-b'],
            mobileTemplate: defaultMobileTemplate({ name: input.name, ...theme }),
            regionRestriction: {
              enabled: input.restrictedCountries.length > 0,
              mode: 'deny',
              countries: input.restrictedCountries,
              cidrs: [],
            },
            domains,
            mainDomain: input.mainDomain,
            trialMerchantCode: null,
            settings: {
              ...defaultSettings({ name: input.name, minAge: input.minAge, timeZone: input.timeZone }),
              ...(template && {
                countryDialingCodes: template.settings.countryDialingCodes,
                captchaEnabled: template.settings.captchaEnabled,
                passwordResetByPhone: template.settings.passwordResetByPhone,
                smsExpiredMinutes: template.settings.smsExpiredMinutes,
              }),
            },
            customerService: [],
            downloads: [],
            status: 'draft',
            at,
          })
          .catch(uniqueAsTaken);
        if (id === undefined) throw domainTaken(domains);

        if (template) {
          await setupRepo.copyCashier(template.id, id);
          await setupRepo.copyGameChoices(template.id, id);
        } else {
          await setupRepo.defaultCashier(id);
        }
        // The member site's first content: the home's game categories, the help pages, the agreement.
        const categories = template ? await setupRepo.gameCategories(template.id) : DEFAULT_CATEGORIES;
        await seedGameCategories(trx, id, categories.length > 0 ? categories : DEFAULT_CATEGORIES);
        const minDeposit = await setupRepo.smallestDeposit(id);
        await seedHelpAndAgreement(trx, id, {
          code: input.code,
          name: input.name,
          minDeposit: `₱${(minDeposit / 100n).toString()}`,
          welcomeOffer: false,
        });
        const sold = await provisionLottery(setupRepo, id, template?.id ?? null, input.lotteryGames);
        await connectWalletVendors(trx, id);
        await applyLaunchChoices(trx, clock, {
          merchantId: id,
          input,
          hiddenGameIds,
          actor: `provider:${caller.username}`,
          ip,
        });

        const staff = staffRepository(trx);
        const owner = await staff.insertStaffMember({
          merchantId: id,
          username: input.owner.username,
          passwordHash: placeholder,
          at,
        });
        await staff.insertAccount(id, owner!.id, 'owner');
        const link = await setup.issue(trx, id, owner!.id);

        await brandsRepository(trx).insertStatusChange({
          merchantId: id,
          from: null,
          to: 'draft',
          reason: template ? `launched from ${template.code}` : 'launched',
          staffId: caller.staffId,
          at,
        });
        await providerAuditRepository(trx).insert({
          staffId: caller.staffId,
          action: 'brand.launch',
          merchantId: id,
          before: null,
          after: { ...input, owner: { username: input.owner.username }, lotteryGames: sold },
          reason: null,
          ip,
          at,
        });
        return { ownerUsername: input.owner.username, ...link };
      });
      deps.merchantsChanged();
      return {
        brand: await summary(input.code),
        owner: { username: launched.ownerUsername, token: launched.token, expiresAt: launched.expiresAt },
      };
    },

    /**
     * Moves a brand to another status with a reason: only along BRAND_TRANSITIONS, with the permission the
     * move needs, and a brand is closed only when it holds no players' money (409 brand_balances_open).
     */
    async move(
      caller: ProviderCaller,
      code: string,
      to: BrandStatus,
      reason: string,
      ip: string,
    ): Promise<BrandSummary> {
      const m = await row(code);
      await inTransaction(db, 'brands.service.move', async (trx) => {
        const tx = brandsRepository(trx);
        const { status: from } = await tx.lockStatus(m.id);
        const permission = brandMove(from, to);
        if (!permission) {
          throw new DomainError('brand_move_refused', 409, `A ${from} brand cannot become ${to}`, {
            from,
            to,
          });
        }
        requireProviderPermission(caller, permission);
        if (to === 'closed') await refuseUnfinishedClose(trx, m.id);
        const at = clock.now();
        await tx.setStatus(m.id, to, at);
        await tx.insertStatusChange({ merchantId: m.id, from, to, reason, staffId: caller.staffId, at });
        await providerAuditRepository(trx).insert({
          staffId: caller.staffId,
          action: 'brand.status',
          merchantId: m.id,
          before: { status: from },
          after: { status: to },
          reason,
          ip,
          at,
        });
        if (to === 'closed') {
          const report = await closingReportOf(trx, m, { at, by: caller.username, reason });
          await tx.insertClosingReport(m.id, report, at);
        }
      });
      deps.merchantsChanged();
      return summary(code);
    },

    /** The closing report written when the brand was closed (404 closing_report_none before). */
    async closingReport(code: string): Promise<ClosingReport> {
      const m = await row(code);
      const report = await repo.closingReport(m.id);
      if (!report) throw new DomainError('closing_report_none', 404, 'This brand has not been closed');
      return report as unknown as ClosingReport;
    },

    /** Sets the brand's planned maintenance window, or clears it (null); audited before → after. */
    async setMaintenanceWindow(
      caller: ProviderCaller,
      code: string,
      window: MaintenanceWindow | null,
      ip: string,
    ): Promise<BrandDetail> {
      const m = await row(code);
      await inTransaction(db, 'brands.service.setMaintenanceWindow', async (trx) => {
        const tx = brandsRepository(trx);
        const { maintenance } = await tx.lockSettings(m.id);
        await tx.setJson(m.id, 'maintenance', maintenanceJson(maintenance, window));
        await providerAuditRepository(trx).insert({
          staffId: caller.staffId,
          action: 'brand.maintenance_window',
          merchantId: m.id,
          before: { startsAt: maintenance.startsAt ?? null, endsAt: maintenance.endsAt ?? null },
          after: window && { startsAt: window.startsAt, endsAt: window.endsAt },
          reason: window?.message ?? null,
          ip,
          at: clock.now(),
        });
      });
      deps.merchantsChanged();
      return service.detail(code);
    },

    /** A new set-up link for a brand owner who has not used theirs (earlier links expire); audited. */
    async ownerLink(
      caller: ProviderCaller,
      code: string,
      ip: string,
    ): Promise<{ username: string; token: string; expiresAt: Date }> {
      const m = await row(code);
      return inTransaction(db, 'brands.service.ownerLink', async (trx) => {
        const staff = staffRepository(trx);
        const owners = await staff.owners(m.id);
        const pending = await staff.setupPending(owners.map((o) => o.id));
        const owner = owners.find((o) => pending.has(o.id));
        if (!owner) {
          throw new DomainError('owner_set_up', 409, 'Every owner of this brand has set up their account');
        }
        const link = await setup.issue(trx, m.id, owner.id);
        await providerAuditRepository(trx).insert({
          staffId: caller.staffId,
          action: 'brand.owner_link',
          merchantId: m.id,
          before: null,
          after: { username: owner.username, expiresAt: link.expiresAt.toISOString() },
          reason: null,
          ip,
          at: clock.now(),
        });
        return { username: owner.username, ...link };
      });
    },
  };
  return service;
}

export type BrandsService = ReturnType<typeof brandsService>;
