import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { balanceKeys } from '../app/layout/use-header-balance';
import { unreadKeys } from '../app/layout/use-unread-count';
import { startLiveUpdates } from '../app/layout/live-updates';
import { stubApi } from '../features/member/test/member-fixtures';
import { subscribeLive, subscribeLiveStatus } from './live-stream';
import { session } from './session';

/** A stand-in EventSource: the test plays the server. */
class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: { data?: unknown }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data?: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}
const latest = () => FakeSource.all[FakeSource.all.length - 1]!;
const member = {
  token: 'tok-live-000000000000000000',
  merchantCode: 'panalo',
  userName: 'juan',
  type: 0,
  firstTimeLogin: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeSource.all = [];
  session.clear();
});

describe('the page’s live stream', () => {
  it('one EventSource for every listener; a visitor’s has no ticket; it closes when nobody listens', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    const draws: unknown[] = [];
    const stopA = subscribeLive('draw', (d) => draws.push(d));
    const stopB = subscribeLive('lock', () => undefined);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    expect(latest().url).toBe('/api/stream');
    const states: boolean[] = [];
    const stopStatus = subscribeLiveStatus((v) => states.push(v));
    latest().emit('ready', {});
    latest().emit('draw', { gameCode: 'WINGO1', numero: '1' });
    latest().emit('open'); // the connection's own open event: no data, no lottery event
    expect(draws).toEqual([{ gameCode: 'WINGO1', numero: '1' }]);
    expect(states).toEqual([false, true]);
    stopA();
    expect(latest().closed).toBe(false);
    stopB();
    expect(latest().closed).toBe(true);
    stopStatus();
  });

  it('a member’s stream opens with a single-use ticket, and again with a fresh one after a drop or a new login', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    let n = 0;
    stubApi({ 'POST /api/stream/ticket': () => ({ value: { ticket: `ticket-${++n}` } }) });
    session.set(member);
    const stop = subscribeLive('balance', () => undefined);
    await vi.waitFor(() => expect(latest().url).toBe('/api/stream?ticket=ticket-1'));
    vi.useFakeTimers();
    latest().onerror?.();
    expect(latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(latest().url).toBe('/api/stream?ticket=ticket-2'));
    session.set({ ...member, token: 'tok-other-00000000000000000' });
    await vi.waitFor(() => expect(latest().url).toBe('/api/stream?ticket=ticket-3'));
    stop();
  });

  it('live updates put a pushed balance in the header and refresh the unread count on new mail', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    stubApi({ 'POST /api/stream/ticket': () => ({ value: { ticket: 'ticket-x' } }) });
    session.set(member);
    const client = new QueryClient();
    client.setQueryData(balanceKeys.of(member.token), { sumBalance: '10.00', currency: 'PHP', book: 'real' });
    client.setQueryData(unreadKeys.count(member.token), 2);
    const stop = startLiveUpdates(client);
    await vi.waitFor(() => expect(FakeSource.all.length).toBeGreaterThan(0));
    latest().emit('balance', { book: 'play', currency: 'PHP', balance: '999.00' }); // not the header's book
    latest().emit('balance', { book: 'real', currency: 'PHP', balance: '123.45' });
    expect(client.getQueryData(balanceKeys.of(member.token))).toEqual({
      sumBalance: '123.45',
      currency: 'PHP',
      book: 'real',
    });
    latest().emit('mail', {});
    expect(client.getQueryState(unreadKeys.count(member.token))?.isInvalidated).toBe(true);
    stop();
  });
});
