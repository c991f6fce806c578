import { describe, expect, it } from 'vitest';
import { getGame } from './registry';
import {
  betWindowError,
  followPeriods,
  nextPeriod,
  periodAt,
  periodByNumero,
  periodState,
  periodsDrawnBetween,
  saleStatus,
} from './schedule';
import type { GameDefinition } from './types';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();
const W1 = getGame('WINGO1');
const W5 = getGame('WINGO5');

describe('interval schedules (Asia/Manila, UTC+8 all year)', () => {
  it('local midnight starts period 0001 of the new day; the last period of the day draws at midnight', () => {
    const p = periodAt(W1, at('2026-11-21T16:00:00Z')); // 2026-11-22 00:00:00 in Manila
    expect(p.numero).toBe('202611220001');
    expect(iso(p.openAt)).toBe('2026-11-21T16:00:00.000Z');
    expect(iso(p.lockAt)).toBe('2026-11-21T16:00:55.000Z');
    expect(iso(p.drawAt)).toBe('2026-11-21T16:01:00.000Z');

    const last = periodAt(W1, at('2026-11-21T15:59:59.999Z'));
    expect(last.numero).toBe('202611211440');
    expect(iso(last.drawAt)).toBe('2026-11-21T16:00:00.000Z');
    expect(nextPeriod(W1, last).numero).toBe('202611220001');
  });

  it('the lock instant itself is locked: open until 00:00:54.999, locked from 00:00:55', () => {
    const p = periodAt(W1, at('2026-11-21T16:00:30Z'));
    expect(periodState(p, at('2026-11-21T16:00:54.999Z'))).toBe('open');
    expect(periodState(p, at('2026-11-21T16:00:55Z'))).toBe('locked');
    expect(periodState(p, at('2026-11-21T16:01:00Z'))).toBe('drawn');
    expect(periodState(p, at('2026-11-21T15:59:59Z'))).toBe('scheduled');
    // At the draw instant the current period is already the next one.
    expect(periodAt(W1, at('2026-11-21T16:01:00Z')).numero).toBe('202611220002');
  });

  it('LOTT-012 remainTime is in ms to the draw and lockTime in seconds', () => {
    const s = saleStatus(W5, at('2026-11-22T02:03:20Z')); // 10:03:20 Manila, period 10:00–10:05
    expect(s.period.numero).toBe('202611220121');
    expect(s.remainTime).toBe(100_000);
    expect(s.lockTime).toBe(15);
    expect(s.isSale).toBe(true);
    expect(saleStatus(W5, at('2026-11-22T02:04:50Z'))).toMatchObject({ state: 'locked', isSale: false });
  });

  it('numeros round-trip and unknown numeros are refused', () => {
    for (const g of [W1, W5, getGame('WINGO3'), getGame('5D'), getGame('K3')]) {
      const p = periodAt(g, at('2026-02-28T23:10:00Z'));
      expect(periodByNumero(g, p.numero)).toEqual(p);
    }
    expect(periodByNumero(W5, '202611220288')?.drawAt).toEqual(at('2026-11-22T16:00:00Z'));
    expect(periodByNumero(W5, '202611220289')).toBeNull();
    expect(periodByNumero(W5, '202611220000')).toBeNull();
    expect(periodByNumero(W1, '202611311000')).toBeNull();
    expect(periodByNumero(W1, '2026112201')).toBeNull();
  });

  it('catch-up lists every period drawn while the server was down', () => {
    const missed = periodsDrawnBetween(W5, at('2026-11-22T02:00:00Z'), at('2026-11-22T02:30:00Z'));
    expect(missed.map((p) => p.numero)).toEqual([
      '202611220121',
      '202611220122',
      '202611220123',
      '202611220124',
      '202611220125',
      '202611220126',
    ]);
  });
});

describe('bet window by server time', () => {
  it('a bet at the lock instant is refused; a second before it is accepted', () => {
    expect(betWindowError(W1, '202611220001', at('2026-11-21T16:00:54Z'))).toBeNull();
    expect(betWindowError(W1, '202611220001', at('2026-11-21T16:00:55Z'))).toBe('lottery_period_locked');
    expect(betWindowError(W1, '202611220001', at('2026-11-21T16:01:30Z'))).toBe('lottery_period_locked');
    expect(betWindowError(W1, '202611220002', at('2026-11-21T16:00:30Z'))).toBe('lottery_period_not_open');
    expect(betWindowError(W1, '202611229999', at('2026-11-21T16:00:30Z'))).toBe('lottery_period_unknown');
  });

  it('follow bets start at the open period, or the next one once the current is locked', () => {
    expect(followPeriods(W1, at('2026-11-21T15:58:30Z'), 3).map((p) => p.numero)).toEqual([
      '202611211439',
      '202611211440',
      '202611220001',
    ]);
    expect(followPeriods(W1, at('2026-11-21T15:59:56Z'), 2).map((p) => p.numero)).toEqual([
      '202611220001',
      '202611220002',
    ]);
  });
});

describe('daily schedules', () => {
  const VN = getGame('VNLOTTO'); // 18:15 in Asia/Ho_Chi_Minh (UTC+7) = 11:15Z, locks 15 min before
  const JP = getGame('JACKPOT645'); // 21:00 in Manila = 13:00Z, locks 30 min before

  it('the numero is the draw date; sales open right after the previous draw', () => {
    const p = periodAt(VN, at('2026-11-22T05:00:00Z'));
    expect(p.numero).toBe('20261122');
    expect(iso(p.openAt)).toBe('2026-11-21T11:15:00.000Z');
    expect(iso(p.lockAt)).toBe('2026-11-22T11:00:00.000Z');
    expect(iso(p.drawAt)).toBe('2026-11-22T11:15:00.000Z');
    expect(periodState(p, at('2026-11-22T11:00:00Z'))).toBe('locked');
    expect(periodAt(VN, at('2026-11-22T11:15:00Z')).numero).toBe('20261123');
  });

  it('local midnight and the year boundary', () => {
    // 2026-12-31 21:00 Manila has just been drawn: the next numero is New Year's Day.
    expect(periodAt(JP, at('2026-12-31T13:00:00Z')).numero).toBe('20270101');
    // 00:30 Manila on 1 January is 16:30Z on 31 December: still the 1 January draw.
    expect(periodAt(JP, at('2026-12-31T16:30:00Z')).numero).toBe('20270101');
    expect(periodByNumero(JP, '20270101')?.drawAt).toEqual(at('2027-01-01T13:00:00Z'));
    expect(periodByNumero(JP, '20270230')).toBeNull();
  });
});

describe('a zone with DST (the code does not assume a fixed offset)', () => {
  const hourly: GameDefinition = {
    ...W1,
    code: 'HOURLY',
    schedule: { kind: 'interval', intervalSeconds: 3600, lockSeconds: 60, timeZone: 'Europe/London' },
  };
  it('the spring-forward day has 23 hourly periods', () => {
    const day = periodsDrawnBetween(hourly, at('2026-03-29T00:00:00Z'), at('2026-03-29T23:00:00Z'));
    expect(day.at(-1)!.numero).toBe('202603290023');
    expect(periodAt(hourly, at('2026-03-29T23:00:00Z')).numero).toBe('202603300001');
  });
});
