import type { AppRoute } from '../../app/routes';

/** The cashier: deposit (/m/voucherCenter), withdrawal (/m/withdraw) and the security centre. */
export const cashierRoutes: AppRoute[] = [];
