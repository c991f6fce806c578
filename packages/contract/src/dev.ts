import { z } from 'zod';
import { ok } from './common';

// Development tools: present only when the server runs with development conveniences on.

export const outboxQuery = z.object({
  /** Part of the recipient ('+63 9171234567' for SMS, the address for e-mail), any case. */
  recipient: z.string().trim().max(128).optional(),
});

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** The merchant's latest 50 messages of the development delivery adapters, newest first. */
export const outboxResponse = ok(z.array(outboxMessage));
