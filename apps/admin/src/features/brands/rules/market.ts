// The market step's choices: time zones, countries (named in the staff member's language by the
// browser's own Intl data, so the console ships no list of names).

/** The zones offered first (Manila the default); the other zones the browser knows follow them. */
export const COMMON_TIME_ZONES = [
  'Asia/Manila',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Australia/Sydney',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'UTC',
] as const;
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

/** The time zone choices: the common ones, then every other zone the browser knows (by its IANA name). */
export function timeZoneGroups(): { group: 'common' | 'other'; items: string[] }[] {
  const common = new Set<string>(COMMON_TIME_ZONES);
  const other = Intl.supportedValuesOf('timeZone').filter((z) => !common.has(z));
  return [
    { group: 'common', items: [...COMMON_TIME_ZONES] },
    { group: 'other', items: other },
  ];
}

/** Whether the browser (and so the server's Intl, which the contract checks with) knows the zone. */
export function knownTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The ISO 3166-1 alpha-2 countries (249) and Kosovo (XK, as geolocation databases name it): the codes
 * the contract's `restrictedCountries` takes. The names come from the browser.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
  'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
  'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
  'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/**
 * The countries named in the staff member's language ('en', or 'ty' with Filipino's names), sorted by
 * name, each with its code: the choices of "restricted countries".
 */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language === 'ty' ? 'fil' : 'en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort(
    (x, y) => x.label.localeCompare(y.label),
  );
}

/** Countries by name in the staff member's language, code after each ('Japan (JP)'); '—' for none. */
export function countryNames(codes: readonly string[], language: string): string {
  if (codes.length === 0) return '—';
  const names = new Intl.DisplayNames([language === 'ty' ? 'fil' : 'en'], { type: 'region' });
  return codes.map((c) => `${names.of(c) ?? c} (${c})`).join(', ');
}
