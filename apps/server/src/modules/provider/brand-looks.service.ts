import { brandOpenToStaff } from '@panalo/contract/provider-rules';
import { STAFF_IDLE_MINUTES } from '@panalo/contract/staff-rules';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { unknownBrand } from './brand-refusals';
import { membersRepository } from '../identity/members.repository';
import { hashPassword } from '../identity/passwords';
import type { SessionsService } from '../identity/sessions.service';
import { brandPreview } from '../merchants/brand-preview';
import { staffRepository } from '../staff/staff.repository';
import { brandsRepository, type BrandRow } from './brands.repository';
import { providerAuditRepository } from './provider-audit.repository';
import type { ProviderCaller } from './provider-auth.service';

/** The brand staff account the provider's "view as" signs in with (a name no form can make: the dot). */
export const PROVIDER_VIEWER = 'provider.viewer';
/** How long a "view as" lasts. */
export const VIEW_AS_MINUTES = 60;

/**
 * How the provider looks at a brand without acting in it (issue 51): a draft's site before its players,
 * and its console read only. Each is an hour, audited.
 */
export function brandLooksService(deps: {
  db: Database;
  clock: Clock;
  /** The brands' sessions (a "view as" is one). */
  sessions: Pick<SessionsService, 'issue'>;
}) {
  const { db, clock } = deps;
  async function row(code: string): Promise<BrandRow> {
    const m = await brandsRepository(db).find(code);
    if (!m) throw unknownBrand();
    return m;
  }
  return {
    /** A preview of a draft brand for the provider staff member asking (an hour, its own domain); audited. */
    async preview(
      caller: ProviderCaller,
      code: string,
      ip: string,
    ): Promise<{ token: string; expiresAt: Date; mainDomain: string }> {
      const m = await row(code);
      if (m.status !== 'draft') {
        throw new DomainError(
          'preview_not_draft',
          409,
          'Only a draft brand is previewed: its site is open or closed to everyone alike',
        );
      }
      const issued = await brandPreview(db, clock).issue(m.id, caller.staffId);
      await providerAuditRepository(db).insert({
        staffId: caller.staffId,
        action: 'brand.preview',
        merchantId: m.id,
        before: null,
        after: { expiresAt: issued.expiresAt.toISOString() },
        reason: null,
        ip,
        at: clock.now(),
      });
      return { ...issued, mainDomain: m.main_domain };
    },

    /**
     * The provider's audited "view as" (issue 51 item 1): an hour's read-only session at the brand's
     * console, as the brand's `provider.viewer` staff account (role `viewer`: dashboard, reports, audit,
     * members, all reads). The brand's own audit log records who looked and why, as does the provider's
     * trail. The brand's owner sees the account on the staff screen and may disable it (then: 409).
     */
    async viewAs(
      caller: ProviderCaller,
      code: string,
      reason: string,
      ip: string,
    ): Promise<{ token: string; expiresAt: Date; mainDomain: string }> {
      const m = await row(code);
      if (!brandOpenToStaff(m.status)) {
        throw new DomainError('brand_closed', 409, 'This brand is closed: its console is closed too');
      }
      const at = clock.now();
      const placeholder = await hashPassword(randomToken(32));
      const viewerId = await inTransaction(db, 'brands.service.viewAs', async (trx) => {
        const staff = staffRepository(trx);
        const inserted = await staff.insertStaffMember({
          merchantId: m.id,
          username: PROVIDER_VIEWER,
          passwordHash: placeholder,
          at,
        });
        if (inserted) await staff.insertAccount(m.id, inserted.id, 'viewer');
        const viewer = await membersRepository(trx).findByUsername(m.id, PROVIDER_VIEWER);
        if (!viewer || viewer.status !== 'active') {
          throw new DomainError('view_as_refused', 409, 'The brand has turned the provider’s view off');
        }
        await audit(trx, {
          merchantId: m.id,
          actor: `provider:${caller.username}`,
          action: 'provider.view_as',
          target: `member:${viewer.id}`,
          details: { provider: caller.username, reason, minutes: VIEW_AS_MINUTES },
          at,
        });
        await providerAuditRepository(trx).insert({
          staffId: caller.staffId,
          action: 'brand.view_as',
          merchantId: m.id,
          before: null,
          after: { minutes: VIEW_AS_MINUTES },
          reason,
          ip,
          at,
        });
        return viewer.id;
      });
      const session = await deps.sessions.issue({
        merchantId: m.id,
        memberId: viewerId,
        device: null,
        ip,
        userAgent: `provider view-as (${caller.username})`,
        idleMinutes: STAFF_IDLE_MINUTES,
        ttlMs: VIEW_AS_MINUTES * 60_000,
      });
      return { ...session, mainDomain: m.main_domain };
    },
  };
}
