import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { liveRepository } from './live.repository';

const TICKET_MS = 60_000;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
const badTicket = () =>
  new DomainError('stream_ticket_invalid', 401, 'This stream ticket is unknown, used or expired');

/**
 * The stream's tickets: a member's session buys a single-use ticket (one minute; only its hash is
 * stored) that opens the member's stream; and the games whose events a stream of the merchant hears.
 */
export function liveService(db: Database, clock: Clock) {
  const repo = liveRepository(db);
  return {
    /** A new ticket for the member. */
    async issueTicket(merchantId: number, memberId: bigint): Promise<string> {
      const ticket = randomBytes(24).toString('base64url');
      await repo.insertTicket({
        ticketHash: hash(ticket),
        merchantId,
        memberId,
        expiresAt: new Date(clock.now().getTime() + TICKET_MS),
      });
      return ticket;
    },

    /** The ticket's member; the ticket is used up. Unknown, used or expired: stream_ticket_invalid 401. */
    async redeemTicket(merchantId: number, ticket: string): Promise<bigint> {
      const t = await repo.takeTicket(merchantId, hash(ticket));
      if (!t || t.expires_at < clock.now()) throw badTicket();
      return t.member_id;
    },

    /** The lottery games the merchant sells. */
    async soldGames(merchantId: number): Promise<Set<string>> {
      return new Set(await repo.soldGameCodes(merchantId));
    },
  };
}
export type LiveService = ReturnType<typeof liveService>;
