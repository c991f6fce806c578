import type { Database } from '../../db/database';
import { unknownBrand } from './brand-refusals';
import { merchantsRepository } from '../merchants/merchants.repository';
import { providerAuditRepository } from './provider-audit.repository';

/** The provider's audit trail as its console reads it. */
export function providerAuditService(db: Database) {
  const repo = providerAuditRepository(db);
  return {
    async page(q: { brand?: string | undefined; page: number; pageSize: number }) {
      let merchantId: number | null = null;
      if (q.brand) {
        const m = await merchantsRepository(db).findByCode(q.brand);
        if (!m) throw unknownBrand();
        merchantId = m.id;
      }
      const { rows, total } = await repo.page({ merchantId, page: q.page, pageSize: q.pageSize });
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          at: new Date(r.created_at).toISOString(),
          by: r.username ?? 'system',
          action: r.action,
          brand: r.code,
          before: r.before ?? null,
          after: r.after ?? null,
          reason: r.reason,
        })),
        total,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },
  };
}
