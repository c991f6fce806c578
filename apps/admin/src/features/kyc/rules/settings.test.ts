import { describe, expect, it } from 'vitest';
import type { KycSettings } from '@panalo/contract/kyc';
import { cleanMethods, fromDraft, normalAmount, toDraft, type SettingsDraft } from './settings';

// As the server's defaults (apps/server/src/modules/kyc/kyc-settings.ts).
const settings: KycSettings = {
  enabled: true,
  levels: [
    {
      depositDay: '20000.00',
      depositMonth: '50000.00',
      withdrawDay: '5000.00',
      withdrawMonth: '10000.00',
      methods: null,
      transfers: false,
    },
    {
      depositDay: '50000.00',
      depositMonth: '200000.00',
      withdrawDay: '20000.00',
      withdrawMonth: '50000.00',
      methods: ['gcash', 'maya'],
      transfers: false,
    },
    {
      depositDay: '500000.00',
      depositMonth: '2000000.00',
      withdrawDay: '200000.00',
      withdrawMonth: '1000000.00',
      methods: null,
      transfers: true,
    },
    {
      depositDay: null,
      depositMonth: null,
      withdrawDay: null,
      withdrawMonth: null,
      methods: null,
      transfers: true,
    },
  ],
  firstWithdrawalLevel: 2,
  depositsAbove: { amount: '100000.00', level: 2 },
  withdrawalAbove: null,
  idTypes: ['philsys', 'passport', 'umid'],
  minAge: 21,
  checkerFromLevel: 3,
  addressValidMonths: 12,
};

const edit = (f: (d: SettingsDraft) => void): SettingsDraft => {
  const d = structuredClone(toDraft(settings));
  f(d);
  return d;
};

describe('the verification settings form', () => {
  it('sends back what it was given, unchanged', () => {
    expect(fromDraft(toDraft(settings))).toEqual({ ok: true, settings });
  });

  it('shows no limit and every method as empty fields, and an off level-above with a level ready', () => {
    const d = toDraft(settings);
    expect(d.levels[3]).toEqual({
      depositDay: '',
      depositMonth: '',
      withdrawDay: '',
      withdrawMonth: '',
      methods: [],
      transfers: true,
    });
    expect(d.withdrawalAbove).toEqual({ on: false, amount: '', level: '3' });
    expect(d.depositsAbove).toEqual({ on: true, amount: '100000.00', level: '2' });
  });

  it('writes amounts as the wire’s decimal strings, never through a float', () => {
    expect(normalAmount('1500')).toBe('1500.00');
    expect(normalAmount(' 1500.5 ')).toBe('1500.50');
    expect(normalAmount('20,000')).toBe('20000.00');
    expect(normalAmount('1,234,567.89')).toBe('1234567.89');
    expect(normalAmount('9999999999999.99')).toBe('9999999999999.99');
    expect(normalAmount('0.1')).toBe('0.10');
    for (const bad of ['', '1,5', '12,34', '1.005', '-5', '1e3', '0x10', 'abc', '10000000000000'])
      expect(normalAmount(bad)).toBeNull();
    const r = fromDraft(edit((d) => (d.levels[0]!.depositDay = '19999.99')));
    expect(r.ok && r.settings.levels[0]!.depositDay).toBe('19999.99');
  });

  it('refuses a daily ceiling above its monthly one, as the server does (kyc_settings_invalid)', () => {
    const r = fromDraft(
      edit((d) => {
        d.levels[1]!.depositDay = '200000.01';
        d.levels[2]!.withdrawDay = '1,000,000.01';
      }),
    );
    expect(r).toEqual({
      ok: false,
      problems: { 'levels.1.depositDay': 'dayAboveMonth', 'levels.2.withdrawDay': 'dayAboveMonth' },
    });
    // Equal is fine; one side without a limit is fine.
    expect(fromDraft(edit((d) => (d.levels[1]!.depositDay = '200000'))).ok).toBe(true);
    expect(fromDraft(edit((d) => (d.levels[1]!.depositMonth = ''))).ok).toBe(true);
  });

  it('compares ceilings as amounts, not as text (9.00 < 10.00)', () => {
    const r = fromDraft(
      edit((d) => {
        d.levels[0]!.depositDay = '9';
        d.levels[0]!.depositMonth = '10';
      }),
    );
    expect(r.ok).toBe(true);
  });

  it('says which amount is not one', () => {
    const r = fromDraft(edit((d) => (d.levels[0]!.withdrawMonth = '10k')));
    expect(r).toEqual({ ok: false, problems: { 'levels.0.withdrawMonth': 'amount' } });
  });

  it('sends the methods trimmed and without repeats; none is every method (null)', () => {
    expect(cleanMethods([' gcash', 'gcash', '', 'maya '])).toEqual(['gcash', 'maya']);
    const r = fromDraft(edit((d) => (d.levels[1]!.methods = [' ', ''])));
    expect(r.ok && r.settings.levels[1]!.methods).toBeNull();
    const long = fromDraft(edit((d) => (d.levels[1]!.methods = ['x'.repeat(41)])));
    expect(long).toEqual({ ok: false, problems: { 'levels.1.methods': 'methods' } });
    const many = fromDraft(
      edit((d) => (d.levels[1]!.methods = Array.from({ length: 51 }, (_, i) => `m${i}`))),
    );
    expect(many).toEqual({ ok: false, problems: { 'levels.1.methods': 'methods' } });
  });

  it('turns a level-above on with an amount and a level, or off as null', () => {
    const on = fromDraft(edit((d) => (d.withdrawalAbove = { on: true, amount: '75000', level: '3' })));
    expect(on.ok && on.settings.withdrawalAbove).toEqual({ amount: '75000.00', level: 3 });
    const off = fromDraft(edit((d) => (d.depositsAbove = { ...d.depositsAbove, on: false })));
    expect(off.ok && off.settings.depositsAbove).toBeNull();
    expect(fromDraft(edit((d) => (d.withdrawalAbove = { on: true, amount: '', level: '3' })))).toEqual({
      ok: false,
      problems: { 'withdrawalAbove.amount': 'required' },
    });
    expect(fromDraft(edit((d) => (d.withdrawalAbove = { on: true, amount: 'x', level: '3' })))).toEqual({
      ok: false,
      problems: { 'withdrawalAbove.amount': 'amount' },
    });
  });

  it('keeps the numbers in the server’s bounds: age 18–25, two reviewers from 2–4, address 1–36 months', () => {
    for (const [minAge, ok] of [
      [18, true],
      [25, true],
      [17, false],
      [26, false],
      ['21', true],
      ['', false],
      [21.5, false],
    ] as const)
      expect(fromDraft(edit((d) => (d.minAge = minAge))).ok).toBe(ok);
    for (const [level, ok] of [
      ['2', true],
      ['4', true],
      ['1', false],
      ['5', false],
    ] as const)
      expect(fromDraft(edit((d) => (d.checkerFromLevel = level))).ok).toBe(ok);
    for (const [months, ok] of [
      [1, true],
      [36, true],
      [0, false],
      [37, false],
    ] as const)
      expect(fromDraft(edit((d) => (d.addressValidMonths = months))).ok).toBe(ok);
    expect(fromDraft(edit((d) => (d.firstWithdrawalLevel = '4'))).ok).toBe(false);
    expect(fromDraft(edit((d) => (d.firstWithdrawalLevel = '0'))).ok).toBe(true);
  });

  it('asks for at least one ID type and sends them in the contract’s order', () => {
    expect(fromDraft(edit((d) => (d.idTypes = [])))).toEqual({ ok: false, problems: { idTypes: 'none' } });
    const r = fromDraft(edit((d) => (d.idTypes = ['tin', 'philsys'])));
    expect(r.ok && r.settings.idTypes).toEqual(['philsys', 'tin']);
  });

  it('says every problem at once', () => {
    const r = fromDraft(
      edit((d) => {
        d.levels[0]!.depositDay = 'x';
        d.idTypes = [];
        d.minAge = 30;
      }),
    );
    expect(r.ok ? [] : Object.keys(r.problems).sort()).toEqual(['idTypes', 'levels.0.depositDay', 'minAge']);
  });
});
