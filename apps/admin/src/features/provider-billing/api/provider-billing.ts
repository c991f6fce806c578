import type { z } from 'zod';
import type {
  BrandInvoice,
  BrandTerms,
  BrandTermsRequest,
  brandTermsResponse,
  invoicesResponse,
} from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi, providerDownload } from '../../../lib/provider-api';

export type { BrandInvoice, BrandTerms, BrandTermsRequest };
export type TermsList = z.infer<typeof brandTermsResponse>['value'];
export type InvoiceList = z.infer<typeof invoicesResponse>['value'];

const termsPath = (code: string) => PROVIDER_PATHS.terms.replace(':code', encodeURIComponent(code));

/** A brand's commercial terms, every version, newest first (`figures`). */
export const listTerms = (code: string) => providerApi<TermsList>('GET', termsPath(code));

/**
 * A new version of a brand's terms from its start day (`billing`); answers the versions, newest first.
 * Refused `terms_start_taken` (a version already starts that day), `terms_in_past` (before the brand's
 * current month: an invoiced month would change), `validation_failed`. A repeat is refused as taken.
 */
export const addTerms = (code: string, body: BrandTermsRequest) =>
  providerApi<TermsList>('POST', termsPath(code), { body });

/** The invoices of a month (YYYY-MM), one per brand; `brand` '' for every brand (`figures`). */
export const listInvoices = (month: string, brand: string) =>
  providerApi<InvoiceList>('GET', PROVIDER_PATHS.invoices, { query: { month, brand } });

/** The month's invoices as a CSV file, saved under the server's name (`figures`). */
export const downloadInvoicesCsv = (month: string) => providerDownload(PROVIDER_PATHS.invoicesCsv, { month });
