import type { Database } from '../../db/database';

/** The live stream's SQL: its single-use tickets and the games a merchant sells. */
export function liveRepository(db: Database) {
  return {
    async insertTicket(t: {
      ticketHash: string;
      merchantId: number;
      memberId: bigint;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('stream_ticket')
        .values({
          ticket_hash: t.ticketHash,
          merchant_id: t.merchantId,
          member_id: t.memberId,
          expires_at: t.expiresAt,
        })
        .execute();
    },

    /** Takes a ticket of the merchant (deleted as it is read: used once); undefined when there is none. */
    takeTicket(merchantId: number, ticketHash: string) {
      return db
        .deleteFrom('stream_ticket')
        .where('ticket_hash', '=', ticketHash)
        .where('merchant_id', '=', merchantId)
        .returning(['member_id', 'expires_at'])
        .executeTakeFirst();
    },

    /** The codes of the lottery games the merchant sells. */
    async soldGameCodes(merchantId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('lottery_merchant_game')
        .select('game_code')
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .execute();
      return rows.map((r) => r.game_code);
    },
  };
}
export type LiveRepository = ReturnType<typeof liveRepository>;
