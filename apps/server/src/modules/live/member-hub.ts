import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { LiveBalance } from '@panalo/contract/live';
import type { Database, Listen } from '../../db/database';

/** What the hub hands a stream: a balance of its member, or "your mail changed". */
export type MemberEvent = { t: 'balance'; value: LiveBalance } | { t: 'mail' };

export interface Sink {
  merchantId: number;
  memberId: bigint;
  send(e: MemberEvent): void;
}

interface Notice {
  t: 'balance' | 'mail';
  m?: string;
  merchant?: number;
  book?: 'real' | 'play';
  currency?: string;
  balance?: string;
}

const HEARTBEAT_MS = 60_000;
const STALE = '5 minutes';

/**
 * The members' live events of one API process. Streams register here; the hub records which members
 * have a stream open (member_stream, so that the database's triggers NOTIFY only for them), holds one
 * LISTEN on member_events, opened with the first stream, and hands each notice to the streams of its
 * member (a broadcast mail: every stream of the merchant). A notice sent by any process's commit reaches
 * the streams of every process.
 */
export function memberHub(db: Database, listen: Listen, onError: (err: unknown) => void = () => {}) {
  const process = randomUUID();
  const byMember = new Map<string, Set<Sink>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let heartbeat: NodeJS.Timeout | undefined;

  const dispatch = (payload: string) => {
    let n: Notice;
    try {
      n = JSON.parse(payload) as Notice;
    } catch (err) {
      return onError(err);
    }
    if (n.m !== undefined) {
      for (const s of byMember.get(n.m) ?? []) {
        if (n.t === 'mail') s.send({ t: 'mail' });
        else if (n.book && n.currency && n.balance !== undefined)
          s.send({ t: 'balance', value: { book: n.book, currency: n.currency, balance: n.balance } });
      }
    } else if (n.t === 'mail' && n.merchant !== undefined) {
      for (const set of byMember.values())
        for (const s of set) if (s.merchantId === n.merchant) s.send({ t: 'mail' });
    }
  };

  const beat = async () => {
    await sql`update member_stream set seen_at = now() where process = ${process}`.execute(db);
    await sql`delete from member_stream where seen_at < now() - ${STALE}::interval`.execute(db);
    // Tickets nobody used: cleared here rather than on the ticket call's path.
    await sql`delete from stream_ticket where expires_at < now()`.execute(db);
  };

  return {
    /** The number of open streams in this process. */
    get streams() {
      let n = 0;
      for (const set of byMember.values()) n += set.size;
      return n;
    },

    /** Opens a stream: the member is marked as listening before the LISTEN is in place. */
    async add(sink: Sink): Promise<void> {
      const key = sink.memberId.toString();
      let set = byMember.get(key);
      if (!set) byMember.set(key, (set = new Set()));
      set.add(sink);
      await sql`
        insert into member_stream (member_id, process, streams, seen_at)
        values (${sink.memberId}, ${process}, 1, now())
        on conflict (member_id, process) do update set streams = member_stream.streams + 1, seen_at = now()`.execute(
        db,
      );
      if (!listening) {
        listening = listen('member_events', dispatch);
        heartbeat = setInterval(() => void beat().catch(onError), HEARTBEAT_MS);
        heartbeat.unref();
      }
      await listening;
    },

    async remove(sink: Sink): Promise<void> {
      const key = sink.memberId.toString();
      const set = byMember.get(key);
      if (!set?.delete(sink)) return;
      if (set.size === 0) byMember.delete(key);
      await sql`
        update member_stream set streams = streams - 1
        where member_id = ${sink.memberId} and process = ${process}`.execute(db);
      await sql`
        delete from member_stream where member_id = ${sink.memberId} and process = ${process}
          and streams <= 0`.execute(db);
    },

    async close(): Promise<void> {
      clearInterval(heartbeat);
      byMember.clear();
      const stop = listening;
      listening = null;
      await (
        await stop
      )?.();
      await sql`delete from member_stream where process = ${process}`.execute(db).catch(onError);
    },
  };
}
export type MemberHub = ReturnType<typeof memberHub>;
