import { LIVE_API, LIVE_EVENTS, type LiveEventName } from '@panalo/contract/live';
import { apiRequest } from './api';
import { session } from './session';

/**
 * The page's one live stream (issue 19 item 4): a single EventSource, opened while anything listens
 * (the shell for a member, the lottery screen for anyone) and closed when nothing does. For a member it
 * asks for a single-use ticket first (EventSource sends no Authorization header); after a login, a
 * logout or a dropped connection it opens again with a fresh ticket, waiting 1 s, 2 s, 4 s … up to 30 s.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<LiveEventName, Set<Handler>>();
const statusListeners = new Set<(live: boolean) => void>();
let source: EventSource | null = null;
let live = false;
let listeners = 0;
let generation = 0;
let openedFor: string | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let retryMs = 1_000;
let stopSessionWatch: (() => void) | null = null;

function setLive(v: boolean) {
  if (live === v) return;
  live = v;
  for (const l of statusListeners) l(v);
}

function dispatch(name: LiveEventName, raw: unknown) {
  // The connection's own "open" event carries no data; the lottery's named "open" does.
  if (typeof raw !== 'string') return;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return;
  }
  for (const h of handlers.get(name) ?? []) h(data);
}

function close() {
  generation++;
  clearTimeout(retry);
  source?.close();
  source = null;
  setLive(false);
}

function later() {
  clearTimeout(retry);
  retry = setTimeout(() => void open(), retryMs);
  retryMs = Math.min(retryMs * 2, 30_000);
}

async function open(): Promise<void> {
  close();
  const gen = generation;
  if (listeners === 0 || typeof EventSource === 'undefined') return;
  const current = session.get();
  openedFor = current?.token ?? null;
  let url = `/api${LIVE_API.stream}`;
  if (current) {
    try {
      const { ticket } = await apiRequest<{ ticket: string }>('POST', LIVE_API.ticket);
      url += `?ticket=${encodeURIComponent(ticket)}`;
    } catch {
      if (gen === generation) later();
      return;
    }
  }
  if (gen !== generation) return;
  const es = new EventSource(url);
  source = es;
  es.addEventListener('ready', () => {
    retryMs = 1_000;
    setLive(true);
  });
  for (const name of LIVE_EVENTS) es.addEventListener(name, (m) => dispatch(name, m.data));
  es.onerror = () => {
    if (source !== es) return;
    es.close();
    source = null;
    setLive(false);
    later();
  };
}

function retain() {
  if (listeners++ > 0) return;
  stopSessionWatch = session.subscribe(() => {
    if ((session.get()?.token ?? null) !== openedFor) void open();
  });
  void open();
}

function release() {
  if (--listeners > 0) return;
  stopSessionWatch?.();
  stopSessionWatch = null;
  close();
}

/** Listens to one of the stream's events; the stream stays open while anything listens. */
export function subscribeLive(name: LiveEventName, fn: Handler): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(fn);
  retain();
  return () => {
    set.delete(fn);
    release();
  };
}

/** Whether the stream is connected now (and every change of it). */
export function subscribeLiveStatus(fn: (live: boolean) => void): () => void {
  statusListeners.add(fn);
  fn(live);
  return () => void statusListeners.delete(fn);
}
