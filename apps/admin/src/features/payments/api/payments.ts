import { OPS_PAYMONGO_PATH } from '@panalo/contract/payment-rules';
import type { OpsPayMongo, OpsPayMongoInput } from '@panalo/contract/payments';
import { api } from '../../../lib/api';

/** The merchant's PayMongo account: the keys' hints (never the keys), the mode, the webhook, the methods. */
export const getPayMongo = () => api<OpsPayMongo>('GET', OPS_PAYMONGO_PATH);

/** Saves the account (a key left out stays) with the reason; the answer is the account as saved. */
export const savePayMongo = (body: OpsPayMongoInput) => api<OpsPayMongo>('PUT', OPS_PAYMONGO_PATH, { body });
