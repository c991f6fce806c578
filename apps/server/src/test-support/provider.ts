import type { ProviderRole } from '@panalo/contract/provider-rules';
import type { LaunchBrandRequest } from '@panalo/contract/provider';
import { hashPassword } from '../modules/identity/passwords';
import { providerStaffRepository } from '../modules/provider/provider-staff.repository';
import { otpAt } from '../modules/staff/staff-otp';
import type { TestApp } from './test-app';

let n = 0;
type Answer = { success: boolean; code?: string; value?: Record<string, unknown> };

/** A provider staff member of the role, signed in (authenticator enrolled): its name and bearer token. */
export async function providerSession(
  t: TestApp,
  role: ProviderRole,
): Promise<{ username: string; password: string; token: string }> {
  const username = `prov_${role}_${++n}_${process.pid % 1000}`;
  const password = 'Provider1234';
  await providerStaffRepository(t.ctx.db).insert({
    username,
    passwordHash: await hashPassword(password),
    role,
  });
  const ip = `10.77.${Math.floor(n / 250)}.${n % 250}`;
  const login = (otp?: string) =>
    t.request<Answer>({
      method: 'POST',
      url: '/api/provider/login',
      payload: { username, password, ...(otp ? { otp } : {}) },
      headers: { 'x-forwarded-for': ip },
    });
  const first = await login();
  if (first.body.code !== 'otp_setup_required') throw new Error(`provider sign-in: ${first.body.code}`);
  const secret = first.body.value!.otpSecret as string;
  const ok = await login(otpAt(secret, t.clock.now()));
  if (ok.status !== 200) throw new Error(`provider sign-in: ${ok.body.code}`);
  return { username, password, token: ok.body.value!.token as string };
}

let brands = 0;
/** A valid launch form for a new brand (unique code, domain and owner). */
export function launchForm(over: Partial<LaunchBrandRequest> = {}): LaunchBrandRequest {
  const i = ++brands;
  return {
    code: `brand${i}x${process.pid % 1000}`,
    name: `Brand ${i}`,
    mainDomain: `brand${i}-${process.pid % 1000}.localhost`,
    extraDomains: [],
    currency: 'PHP',
    timeZone: 'Asia/Manila',
    defaultLanguage: 'EN',
    languages: ['EN', 'TY'],
    minAge: 21,
    birthDateRequired: true,
    restrictedCountries: [],
    theme: {
      primary: '#0d7752',
      primaryText: '#ffffff',
      accent: '#f5b700',
      background: '#f2f5f3',
      surface: '#ffffff',
      text: '#17211c',
      mutedText: '#5b6b63',
      header: '#0b6b49',
      headerText: '#ffffff',
      footer: '#ffffff',
    },
    modules: {},
    owner: { username: `owner${i}x${process.pid % 1000}` },
    ...over,
  };
}
