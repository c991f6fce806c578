import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, ok } from '@panalo/contract/common';
import { LIVE_API } from '@panalo/contract/live';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import { processLotteryEvents } from '../lottery/lottery.events';
import { liveService } from './live.service';
import type { Sink } from './member-hub';

const PING_MS = 25_000;

/**
 * One server-sent-events stream per page session (issue 19 item 4): the lottery's period events for
 * everyone, and for a member (a single-use ticket from its session) its balance changes and its mail,
 * whichever process or job made them (the hub, through NOTIFY).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, live, clock } = app.ctx;
  const service = liveService(db, clock);
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
      const ticket = await service.issueTicket(req.merchant.id, req.session!.memberId);
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
        memberId = await service.redeemTicket(req.merchant.id, req.query.ticket);
      }
      const games = await service.soldGames(req.merchant.id);
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
