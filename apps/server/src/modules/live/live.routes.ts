import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, ok } from '@panalo/contract/common';
import { LIVE_API } from '@panalo/contract/live';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import { DomainError } from '../../lib/domain-error';
import { processLotteryEvents } from '../lottery/lottery.events';
import type { Sink } from './member-hub';

const TICKET_MS = 60_000;
const PING_MS = 25_000;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
const badTicket = () =>
  new DomainError('stream_ticket_invalid', 401, 'This stream ticket is unknown, used or expired');

/**
 * One server-sent-events stream per page session (issue 19 item 4): the lottery's period events for
 * everyone, and for a member (a single-use ticket from its session) its balance changes and its mail,
 * whichever process or job made them (the hub, through NOTIFY).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, live, clock } = app.ctx;
  app.addHook('onClose', async () => live.close());

  app.post(
    LIVE_API.ticket,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['members'],
        summary: 'A single-use ticket (one minute) that opens my live stream',
        response: { 200: ok(z.object({ ticket: z.string() })), 401: errorBody, 403: errorBody },
      },
    },
    async (req) => {
      const ticket = randomBytes(24).toString('base64url');
      await db
        .insertInto('stream_ticket')
        .values({
          ticket_hash: hash(ticket),
          merchant_id: req.merchant.id,
          member_id: req.session!.memberId,
          expires_at: new Date(clock.now().getTime() + TICKET_MS),
        })
        .execute();
      return { success: true as const, value: { ticket } };
    },
  );

  app.get(
    LIVE_API.stream,
    {
      schema: {
        tags: ['members'],
        summary:
          'Server-sent events: period open, lock, draw, settle, cancel; with a ticket also my balance and mail',
        querystring: z.object({
          ticket: z
            .string()
            .regex(/^[A-Za-z0-9_-]{32}$/)
            .optional(),
        }),
        response: { 401: errorBody },
      },
    },
    async (req, reply) => {
      let memberId: bigint | null = null;
      if (req.query.ticket) {
        const t = await db
          .deleteFrom('stream_ticket')
          .where('ticket_hash', '=', hash(req.query.ticket))
          .where('merchant_id', '=', req.merchant.id)
          .returning(['member_id', 'expires_at'])
          .executeTakeFirst();
        if (!t || t.expires_at < clock.now()) throw badTicket();
        memberId = t.member_id;
      }
      const games = new Set(
        (
          await db
            .selectFrom('lottery_merchant_game')
            .select('game_code')
            .where('merchant_id', '=', req.merchant.id)
            .where('enabled', '=', true)
            .execute()
        ).map((r) => r.game_code),
      );
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const send = (event: string, data: unknown) =>
        out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const unsubscribe = processLotteryEvents.subscribe((e) => {
        if (!games.has(e.gameCode)) return;
        const data: LotteryStreamEvent = { ...e, at: e.at.toISOString() };
        send(e.type, data);
      });
      const sink: Sink | null =
        memberId === null
          ? null
          : {
              merchantId: req.merchant.id,
              memberId,
              send: (e) => (e.t === 'balance' ? send('balance', e.value) : send('mail', {})),
            };
      const ping = setInterval(() => out.write(': ping\n\n'), PING_MS);
      ping.unref();
      let open = true;
      req.raw.on('close', () => {
        open = false;
        clearInterval(ping);
        unsubscribe();
        if (sink) void live.remove(sink).catch((err: unknown) => req.log.warn({ err }, 'live stream'));
      });
      if (sink) await live.add(sink);
      // Said once the stream can hear everything: a client may act on "ready" and see its effects.
      if (open) out.write(`event: ready\ndata: {}\n\n`);
    },
  );
};
