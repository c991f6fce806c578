import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import { PAYMONGO_METHOD_NAMES, PAYMONGO_METHODS } from '@panalo/contract/payment-rules';
import type {
  BrandCatalogue,
  BrandDetail,
  launchBrandRequest,
  MaintenanceWindow,
} from '@panalo/contract/provider';
import type { RegistrationRules } from '@panalo/contract/merchant';
import {
  LAUNCH_REGISTRATION_FIELDS,
  type LaunchRegistrationField,
  type RegistrationChoice,
} from '@panalo/contract/provider-rules';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { LOTTERIES } from '../games/seed/words';
import { LOTTERY_VENDOR } from '../games/seed/vendors';
import { PAYMONGO_PROVIDER, savePayMongoAccount } from '../payments/paymongo/paymongo-account';
import { DEFAULT_CASHIER, DEFAULT_REGISTRATION_RULES } from './brand-defaults';
import { brandSetupRepository } from './brand-setup.repository';
import { brandsRepository } from './brands.repository';

// What a brand is launched with beyond its identity and look (issue 51 item 2): the catalogue's vendors
// and games its players see, the deposit methods switched on, a PayMongo account in test mode, and a
// planned maintenance window. The launch form reads the catalogue; the launch checks the choices before
// it writes anything and applies them in its transaction.

type LaunchInput = z.output<typeof launchBrandRequest>;

/** A PayMongo method's limits at launch (pesos ×100); the brand's console changes them. */
const PAYMONGO_LIMITS = { min: 100_00n, max: 50_000_00n };

const unknownChoice = (field: string, values: string[]) =>
  new DomainError('validation_failed', 400, 'Invalid request', { field, rule: 'unknown', values });

/** What the launch form offers: the shared game catalogue (by vendor), the lottery, the cashier's methods. */
export async function brandCatalogue(db: Database): Promise<BrandCatalogue> {
  const [vendors, games] = await Promise.all([
    db
      .selectFrom('vendor')
      .select(['code', 'name', 'category'])
      .where('enabled', '=', true)
      .where('code', '<>', LOTTERY_VENDOR)
      .orderBy('sort')
      .orderBy('code')
      .execute(),
    sql<{ vendor_code: string; game_id: string; game_type: string; name: string | null }>`
      select g.vendor_code, g.game_id, g.game_type, n.name from game g
      left join game_i18n n on n.game_id = g.id and n.lang = 'EN'
      where g.enabled and g.vendor_code <> ${LOTTERY_VENDOR}
      order by g.vendor_code, g.sort, g.game_id`.execute(db),
  ]);
  return {
    vendors: vendors.map((v) => ({
      ...v,
      games: games.rows
        .filter((g) => g.vendor_code === v.code)
        .map((g) => ({ key: `${v.code}:${g.game_id}`, name: g.name ?? g.game_id, type: g.game_type })),
    })),
    lottery: LOTTERIES.map(([code, name]) => ({ code, name })),
    depositMethods: DEFAULT_CASHIER.methods.map((m) => ({
      code: m.code,
      name: m.name,
      provider: m.provider,
    })),
    payMongoMethods: PAYMONGO_METHODS.map((code) => ({ code, name: PAYMONGO_METHOD_NAMES[code] })),
  };
}

/**
 * Checks the launch's catalogue choices before anything is written (400 validation_failed naming the
 * field and the unknown values); the hidden games' ids.
 */
export async function checkLaunchChoices(db: Database, input: LaunchInput): Promise<bigint[]> {
  if (input.vendors) {
    const known = await db
      .selectFrom('vendor')
      .select('code')
      .where('code', 'in', input.vendors.length > 0 ? input.vendors : ['-'])
      .where('code', '<>', LOTTERY_VENDOR)
      .execute();
    const unknown = input.vendors.filter((v) => !known.some((k) => k.code === v));
    if (unknown.length > 0) throw unknownChoice('vendors', unknown);
  }
  const keys = [...new Set(input.hiddenGames ?? [])];
  const games = await brandSetupRepository(db).gamesByKey(keys);
  const unknown = keys.filter((k) => !games.has(k));
  if (unknown.length > 0) throw unknownChoice('hiddenGames', unknown.slice(0, 20));
  return [...games.values()];
}

/**
 * Applies the launch's choices in its transaction, after the cashier and the games were set up (from
 * the template or the defaults): vendors shown and games hidden, deposit methods switched on (codes the
 * brand's cashier does not have: 400), the PayMongo account in test mode (the brand's audit log records
 * it, by the provider's staff member), the planned maintenance window.
 */
export async function applyLaunchChoices(
  trx: Database,
  clock: Clock,
  o: { merchantId: number; input: LaunchInput; hiddenGameIds: bigint[]; actor: string; ip: string },
): Promise<void> {
  const { input, merchantId } = o;
  const setup = brandSetupRepository(trx);
  if (input.vendors) await setup.showVendors(merchantId, input.vendors);
  await setup.hideGames(merchantId, o.hiddenGameIds);
  if (input.depositMethods) {
    const codes = await setup.depositCodes(merchantId);
    const unknown = input.depositMethods.filter((c) => !codes.includes(c));
    if (unknown.length > 0) throw unknownChoice('depositMethods', unknown);
    await setup.enableDepositMethods(merchantId, input.depositMethods);
  }
  if (input.payMongo) {
    const p = input.payMongo;
    await savePayMongoAccount(trx, clock, {
      merchantId,
      actor: o.actor,
      ip: o.ip,
      input: {
        apiUrl: p.apiUrl ?? 'https://api.paymongo.com',
        livemode: false,
        secretKey: p.secretKey,
        webhookSecret: p.webhookSecret,
        methods: p.methods.map((code) => ({
          code,
          enabled: true,
          min: formatAmount(PAYMONGO_LIMITS.min),
          max: formatAmount(PAYMONGO_LIMITS.max),
        })),
        reason: 'Connected at the brand’s launch (test mode)',
      },
    });
  }
  if (input.maintenanceWindow) {
    await brandsRepository(trx).setJson(
      merchantId,
      'maintenance',
      maintenanceJson({ enabled: false }, input.maintenanceWindow),
    );
  }
}

/**
 * The registration form with the launch's choices for its optional fields (off: not asked; optional:
 * asked; required: must be filled), each field's pattern and message kept from the form it starts from
 * (the template's, or the platform's).
 */
export function withRegistrationChoices(
  base: RegistrationRules,
  choices: Partial<Record<LaunchRegistrationField, RegistrationChoice>>,
): RegistrationRules {
  const rules = { ...base };
  for (const field of LAUNCH_REGISTRATION_FIELDS) {
    const choice = choices[field];
    if (!choice) continue;
    const start = rules[field] ?? DEFAULT_REGISTRATION_RULES[field]!;
    rules[field] = { ...start, enabled: choice !== 'off', required: choice === 'required' };
  }
  return rules;
}

/** A registration form's optional fields as the launch form names them. */
export const registrationChoicesOf = (
  rules: RegistrationRules,
): Record<LaunchRegistrationField, RegistrationChoice> =>
  Object.fromEntries(
    LAUNCH_REGISTRATION_FIELDS.map((f) => {
      const r = rules[f];
      return [f, !r?.enabled ? 'off' : r.required ? 'required' : 'optional'];
    }),
  ) as Record<LaunchRegistrationField, RegistrationChoice>;

/**
 * The brand's maintenance column with this planned window (null: none), its switch and anything else
 * kept as they were.
 */
export function maintenanceJson(
  current: { enabled: boolean; message?: string; startsAt?: string; endsAt?: string },
  w: MaintenanceWindow | null,
): string {
  const { startsAt: _s, endsAt: _e, message: _m, ...rest } = current;
  return JSON.stringify(
    w === null
      ? rest
      : {
          ...rest,
          startsAt: new Date(w.startsAt).toISOString(),
          endsAt: new Date(w.endsAt).toISOString(),
          ...(w.message ? { message: w.message } : {}),
        },
  );
}

/** The part of a brand's page these choices make. */
export async function brandChoicesOf(
  db: Database,
  m: {
    id: number;
    maintenance: { startsAt?: string; endsAt?: string; message?: string };
    settings: { appIcon?: { url: string } };
  },
): Promise<
  Pick<BrandDetail, 'vendors' | 'hiddenGames' | 'depositMethods' | 'payMongo' | 'maintenanceWindow' | 'icon'>
> {
  const repo = brandsRepository(db);
  const [vendors, hiddenGames, depositMethods, payMongo] = await Promise.all([
    repo.shownVendors(m.id, LOTTERY_VENDOR),
    repo.hiddenGames(m.id, LOTTERY_VENDOR),
    repo.depositMethods(m.id),
    repo.paymentAccount(m.id, PAYMONGO_PROVIDER),
  ]);
  const w = m.maintenance;
  return {
    vendors,
    hiddenGames,
    depositMethods,
    payMongo: { configured: payMongo !== undefined, livemode: payMongo?.livemode ?? false },
    maintenanceWindow:
      w.startsAt && w.endsAt ? { startsAt: w.startsAt, endsAt: w.endsAt, message: w.message ?? null } : null,
    icon: m.settings.appIcon?.url ?? null,
  };
}
