import type { Database } from '../../db/database';
import { hashPassword } from '../identity/passwords';
import { providerStaffRepository } from './provider-staff.repository';

/** The demo's provider staff (README): the owner, who launches brands; once. */
export const DEMO_PROVIDER_STAFF = [
  { username: 'provider01', password: 'Provider1234', role: 'owner' as const },
];

export async function seedProvider(db: Database): Promise<void> {
  const repo = providerStaffRepository(db);
  for (const s of DEMO_PROVIDER_STAFF) {
    if (await repo.findByUsername(s.username)) continue;
    await repo.insert({ username: s.username, passwordHash: await hashPassword(s.password), role: s.role });
  }
}
