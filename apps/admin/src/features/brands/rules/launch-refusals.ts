import { normalDomain, type LaunchField, type LaunchForm } from './launch-form';

// Where a refusal of `POST /provider/brands` belongs in the launch form: next to the field it is about
// (the form opens that field's step and moves the focus to it), or at the top (null).

const FIELD_OF_PATH: Record<string, LaunchField> = {
  code: 'code',
  name: 'name',
  mainDomain: 'mainDomain',
  extraDomains: 'extraDomains',
  currency: 'currency',
  timeZone: 'timeZone',
  languages: 'languages',
  defaultLanguage: 'defaultLanguage',
  minAge: 'minAge',
  registration: 'registration',
  restrictedCountries: 'restrictedCountries',
  theme: 'theme',
  modules: 'modules',
  vendors: 'vendors',
  hiddenGames: 'hiddenGames',
  lotteryGames: 'lotteryGames',
  depositMethods: 'depositMethods',
  payMongo: 'payMongo.secretKey',
  'payMongo.secretKey': 'payMongo.secretKey',
  'payMongo.webhookSecret': 'payMongo.webhookSecret',
  'payMongo.apiUrl': 'payMongo.apiUrl',
  'payMongo.methods': 'payMongo.methods',
  maintenanceWindow: 'maintenanceWindow.startsAt',
  'maintenanceWindow.startsAt': 'maintenanceWindow.startsAt',
  'maintenanceWindow.endsAt': 'maintenanceWindow.endsAt',
  'maintenanceWindow.message': 'maintenanceWindow.message',
  templateCode: 'templateCode',
  'owner.username': 'ownerUsername',
  'owner.email': 'ownerEmail',
  owner: 'ownerUsername',
};

/**
 * The field a refusal of `POST /provider/brands` is about, or null for one shown at the top: the code or
 * a domain taken, the colours, the template, a PayMongo key of the wrong mode, or the field a
 * `validation_failed` names (`field`, as `owner.username`, `/owner/username`, `extraDomains.2` or
 * `payMongo.webhookSecret`).
 */
export function refusalField(
  code: string,
  value: Record<string, unknown> | undefined,
  form: LaunchForm,
): LaunchField | null {
  switch (code) {
    case 'brand_code_taken':
      return 'code';
    case 'domain_taken': {
      const domain = typeof value?.domain === 'string' ? value.domain : null;
      return domain && domain !== normalDomain(form.mainDomain) ? 'extraDomains' : 'mainDomain';
    }
    case 'theme_contrast':
      return 'theme';
    case 'template_unknown':
      return 'templateCode';
    case 'payment_key_mode_mismatch':
      return 'payMongo.secretKey';
    case 'staff_username_invalid':
    case 'staff_username_taken':
      return 'ownerUsername';
    default: {
      if (typeof value?.field !== 'string') return null;
      const parts = value.field.split(/[./]/).filter((s) => s && !/^\d+$/.test(s) && s !== 'body');
      return FIELD_OF_PATH[parts.slice(0, 2).join('.')] ?? FIELD_OF_PATH[parts[0] ?? ''] ?? null;
    }
  }
}

/** The colour pairs a `theme_contrast` refusal names (its `pairs`, or `failures` as the site's theme sends). */
export function refusedPairs(value: Record<string, unknown> | undefined): string[] {
  const list = Array.isArray(value?.pairs)
    ? value.pairs
    : Array.isArray(value?.failures)
      ? value.failures
      : [];
  return list
    .map((p: unknown) =>
      typeof p === 'string' ? p : p && typeof p === 'object' && 'name' in p ? String(p.name) : null,
    )
    .filter((p): p is string => p !== null);
}
