import { formatAmount, parseAmount } from '@panalo/contract/money';
import { formatRate, parseRate, PRODUCT_GROUPS } from '@panalo/contract/rebate';
import type {
  BrandDay,
  BrandInvoice,
  BrandSpan,
  BrandTerms,
  brandTermsRequest,
} from '@panalo/contract/provider';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { toCsv } from '../../lib/csv';
import { DomainError } from '../../lib/domain-error';
import { unknownBrand } from './brand-refusals';
import { merchantsRepository } from '../merchants/merchants.repository';
import { billingRepository, type TermsRow } from './billing.repository';
import { figuresOf, invoiceOf, monthDays, type Terms } from './invoice';
import { providerAuditRepository } from './provider-audit.repository';
import type { ProviderCaller } from './provider-auth.service';
import { inTransaction } from '../../db/transaction';

type TermsInput = z.output<typeof brandTermsRequest>;

const termsOf = (r: TermsRow): Terms => ({
  startsOn: r.starts_on,
  shares: r.shares,
  minimumFee: r.minimum_fee,
});

/**
 * What each brand brings the provider (issue 51 item 3): the brands' day figures, their commercial terms
 * (versioned from a start day) and the provider's monthly invoice under them.
 */
export function billingService(db: Database, clock: Clock) {
  const repo = billingRepository(db);

  async function brandId(code: string | undefined): Promise<number | null> {
    if (!code) return null;
    const m = await merchantsRepository(db).findByCode(code);
    if (!m) throw unknownBrand();
    return m.id;
  }

  async function invoices(month: string, code?: string): Promise<BrandInvoice[]> {
    const id = await brandId(code);
    const days = monthDays(month);
    const [brands, rows, terms] = await Promise.all([
      repo.brands(id),
      repo.daySums(days[0]!, days[days.length - 1]!, id),
      repo.terms(id),
    ]);
    return brands.map((b) =>
      invoiceOf(
        b,
        month,
        rows.filter((r) => r.merchant_id === b.id),
        terms.filter((t) => t.merchant_id === b.id).map(termsOf),
      ),
    );
  }

  return {
    /** Per brand and day, and per brand over the span; brands without a row show zeros. */
    async figures(q: { from: string; to: string; brand?: string | undefined }) {
      const id = await brandId(q.brand);
      const [brands, rows, players] = await Promise.all([
        repo.brands(id),
        repo.daySums(q.from, q.to, id),
        repo.players(q.from, q.to, id),
      ]);
      const days: BrandDay[] = [];
      const spans: BrandSpan[] = [];
      for (const b of brands) {
        const mine = rows.filter((r) => r.merchant_id === b.id);
        const people = players.filter((p) => p.merchant_id === b.id);
        const dayKeys = [...new Set([...mine.map((r) => r.day), ...people.map((p) => p.day)])].sort();
        for (const day of dayKeys) {
          const p = people.find((x) => x.day === day);
          days.push({
            brand: b.code,
            day,
            ...figuresOf(
              mine.filter((r) => r.day === day),
              { registrations: p?.registrations ?? 0, activePlayers: p?.bettors ?? 0 },
            ),
          });
        }
        spans.push({
          brand: b.code,
          name: b.name,
          currency: b.currency,
          ...figuresOf(mine, {
            registrations: people.reduce((a, p) => a + p.registrations, 0),
            activePlayers: people.reduce((a, p) => a + p.bettors, 0),
          }),
        });
      }
      return { days, brands: spans };
    },

    async terms(code: string): Promise<BrandTerms[]> {
      const id = (await brandId(code))!;
      const rows = await repo.terms(id);
      return rows.reverse().map((r) => ({
        startsOn: r.starts_on,
        shares: Object.fromEntries(
          PRODUCT_GROUPS.map((p) => [p, formatRate(r.shares[p] ?? 0)]),
        ) as BrandTerms['shares'],
        minimumFee: formatAmount(r.minimum_fee),
        note: r.note,
        by: r.username ?? 'system',
        at: new Date(r.created_at).toISOString(),
      }));
    },

    /**
     * A new version of a brand's terms from its start day. Refused: a start day before the brand's current
     * month (an invoiced month never changes: 409 terms_in_past), a day a version starts already (409
     * terms_start_taken), a share or fee that does not parse (400).
     */
    async addTerms(
      caller: ProviderCaller,
      code: string,
      input: TermsInput,
      ip: string,
    ): Promise<BrandTerms[]> {
      const id = (await brandId(code))!;
      const defaultBp = parseRate(input.defaultShare);
      const minimumFee = parseAmount(input.minimumFee);
      if (defaultBp === null || minimumFee === null) {
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          field: defaultBp === null ? 'defaultShare' : 'minimumFee',
        });
      }
      const shares: Record<string, number> = {};
      for (const p of PRODUCT_GROUPS) {
        const own = input.shares[p];
        const bp = own === undefined ? defaultBp : parseRate(own);
        if (bp === null)
          throw new DomainError('validation_failed', 400, 'Invalid request', { field: `shares.${p}` });
        shares[p] = bp;
      }
      const today = await repo.today(id, clock.now());
      if (input.startsOn < `${today.slice(0, 7)}-01`) {
        throw new DomainError('terms_in_past', 409, 'Terms cannot start before the current month', {
          month: today.slice(0, 7),
        });
      }
      const at = clock.now();
      await inTransaction(db, 'billing.service.addTerms', async (trx) => {
        const added = await billingRepository(trx).insertTerms({
          merchantId: id,
          startsOn: input.startsOn,
          shares,
          minimumFee,
          note: input.note ?? null,
          staffId: caller.staffId,
          at,
        });
        if (!added)
          throw new DomainError('terms_start_taken', 409, 'A version of the terms already starts that day');
        await providerAuditRepository(trx).insert({
          staffId: caller.staffId,
          action: 'brand.terms',
          merchantId: id,
          before: null,
          after: { startsOn: input.startsOn, shares, minimumFee: formatAmount(minimumFee) },
          reason: input.note ?? null,
          ip,
          at,
        });
      });
      return this.terms(code);
    },

    invoices,

    /** Every brand's invoice of the month as CSV: one row per line, then its total. */
    async invoicesCsv(month: string): Promise<string> {
      const list = await invoices(month);
      const rows = list.flatMap((i) => [
        ...i.lines.map((l) => [
          i.brand,
          i.name,
          i.month,
          l.product,
          l.termsFrom,
          l.days,
          { raw: l.ggr },
          { raw: l.deductions },
          { raw: l.ngr },
          { raw: l.share },
          { raw: l.fee },
        ]),
        [i.brand, i.name, i.month, 'total', null, null, null, null, { raw: i.ngr }, null, { raw: i.due }],
      ]);
      return toCsv(
        [
          'brand',
          'name',
          'month',
          'product',
          'terms_from',
          'days',
          'ggr',
          'deductions',
          'ngr',
          'share_percent',
          'fee_or_due',
        ],
        rows,
      );
    },
  };
}
