// Zod-free live updates (issue 19 item 4): one server-sent-events stream per page session.

export const LIVE_API = {
  /** POST (member session): a single-use ticket for the stream, valid for a minute. */
  ticket: '/stream/ticket',
  /** GET text/event-stream: ?ticket= for a member (balance, mail, draws), none for a visitor (draws). */
  stream: '/stream',
} as const;

/** A balance of the member changed (any path, any process), as the header shows it. */
export interface LiveBalance {
  book: 'real' | 'play';
  currency: string;
  /** Decimal string. */
  balance: string;
}

/** The stream's named events: 'balance' (LiveBalance), 'mail' (the unread count may have moved; {}),
 * and the lottery's period events ('open', 'lock', 'draw', 'settle', 'cancel': LotteryStreamEvent). */
export const LIVE_EVENTS = ['balance', 'mail', 'open', 'lock', 'draw', 'settle', 'cancel'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];
