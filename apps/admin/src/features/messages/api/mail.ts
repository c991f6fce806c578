import type { z } from 'zod';
import type { SendMailRequest, sendMailResponse } from '@panalo/contract/mail';
import { api } from '../../../lib/api';

export type MailSent = z.infer<typeof sendMailResponse>['value'];

/** Sends mail to an audience; `key` is the intent's Idempotency-Key (a retry never sends it twice). */
export const sendMail = (body: SendMailRequest, key: string) =>
  api<MailSent>('POST', '/ops/mail', { body, idempotencyKey: key });
