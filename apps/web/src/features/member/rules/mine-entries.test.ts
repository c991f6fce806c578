import { describe, expect, it } from 'vitest';
import type { Whitelabel, WhitelabelFlag } from '@panalo/contract/merchant';
import { daysSince, entryAction, listItems, quickTiles, type MineInputs } from './mine-entries';

const ALL_ON: Whitelabel = {
  VIPBENEFIT: true,
  DEPRECM3: true,
  WITHREC3: true,
  TRANSREC3: true,
  TRANSBETREPMEM3: true,
  PERSREP: true,
  AGETRANSFERUP3: true,
  REWCEN3: true,
  MANPLAYREB3: true,
  PLYRBT: true,
  MAILCEN: true,
  FEEDBACK3: true,
};

function inputs(
  p: {
    flags?: Whitelabel;
    promotions?: MineInputs['promotions'];
    member?: MineInputs['member'];
    kycLevel?: number | null;
  } = {},
): MineInputs {
  const flags = { ...ALL_ON, ...p.flags };
  return {
    flag: (n: WhitelabelFlag) => flags[n] === true,
    promotions: p.promotions ?? { REFERRAL: { enabled: true }, MISSION: { enabled: true } },
    member: p.member === undefined ? { type: 1, toUpline: true } : p.member,
    ...(p.kycLevel !== undefined ? { kycLevel: p.kycLevel } : {}),
  };
}

const ids = (entries: { id: string }[]) => entries.map((e) => e.id);
const target = (entries: { id: string; to: string | null }[], id: string) =>
  entries.find((e) => e.id === id)?.to;

describe('member centre entries', () => {
  it('MINE-013..018 quick tiles in order with their destinations', () => {
    const tiles = quickTiles(inputs());
    expect(tiles).toEqual([
      { id: 'benefits', to: '/m/member/benefits' },
      { id: 'download', to: null },
      { id: 'deposit', to: '/m/voucherCenter' },
      { id: 'withdraw', to: '/m/withdraw' },
      { id: 'invite', to: '/m/inviteFriends' },
      { id: 'security', to: '/m/securityCenter' },
    ]);
  });

  it('MINE-013 the level-benefits tile only with VIP benefits on', () => {
    expect(ids(quickTiles(inputs({ flags: { VIPBENEFIT: false } })))).not.toContain('benefits');
  });

  it('MINE-017 PROMO-005 invite friends only when the REFERRAL promotion is enabled', () => {
    expect(ids(quickTiles(inputs({ promotions: { REFERRAL: { enabled: false } } })))).not.toContain('invite');
    expect(ids(quickTiles(inputs({ promotions: {} })))).not.toContain('invite');
  });

  it('MINE-019..031 every list item with its flag on, in the spec order, with its destination', () => {
    const items = listItems(inputs());
    expect(items).toEqual([
      { id: 'agent', to: '/m/agent' },
      { id: 'depositRecord', to: '/m/vouReport' },
      { id: 'withdrawRecord', to: '/m/withdrawReport' },
      { id: 'accountRecord', to: '/m/transaction/record' },
      { id: 'betRecord', to: '/m/gameRecord' },
      { id: 'profitLoss', to: '/m/profitandloss' },
      { id: 'uplineTransfer', to: '/m/upLine/transfer' },
      { id: 'rewardCentre', to: '/m/rewardCenter' },
      { id: 'manualRebate', to: '/m/member/manualRebate' },
      { id: 'mission', to: '/m/leaderBoard' },
      { id: 'myRebate', to: '/m/member/rebateReport' },
      { id: 'mail', to: '/m/webEmail' },
      { id: 'feedback', to: '/m/feedback' },
    ]);
  });

  it.each([
    ['MINE-020', 'DEPRECM3', 'depositRecord'],
    ['MINE-021', 'WITHREC3', 'withdrawRecord'],
    ['MINE-022', 'TRANSREC3', 'accountRecord'],
    ['MINE-023', 'TRANSBETREPMEM3', 'betRecord'],
    ['MINE-024', 'PERSREP', 'profitLoss'],
    ['MINE-025', 'AGETRANSFERUP3', 'uplineTransfer'],
    ['MINE-026', 'REWCEN3', 'rewardCentre'],
    ['MINE-027', 'MANPLAYREB3', 'manualRebate'],
    ['MINE-029', 'PLYRBT', 'myRebate'],
    ['MINE-030', 'MAILCEN', 'mail'],
    ['MINE-031', 'FEEDBACK3', 'feedback'],
  ] as const)('%s %s off hides %s', (_id, flag, item) => {
    expect(ids(listItems(inputs()))).toContain(item);
    expect(ids(listItems(inputs({ flags: { [flag]: false } })))).not.toContain(item);
  });

  it('MINE-028 mission activity only when the MISSION promotion is enabled', () => {
    expect(target(listItems(inputs()), 'mission')).toBe('/m/leaderBoard');
    expect(ids(listItems(inputs({ promotions: { MISSION: { enabled: false } } })))).not.toContain('mission');
  });

  it('MINE-019 ROLE-010 agency centre for member types other than 0, 4 and 40', () => {
    for (const type of [0, 4, 40]) {
      expect(ids(listItems(inputs({ member: { type, toUpline: false } }))), `type ${type}`).not.toContain(
        'agent',
      );
    }
    for (const type of [1, 2, 41, 42]) {
      expect(ids(listItems(inputs({ member: { type, toUpline: false } }))), `type ${type}`).toContain(
        'agent',
      );
    }
    expect(ids(listItems(inputs({ member: null })))).not.toContain('agent');
  });

  it('MINE-025 transfer to upline needs AGETRANSFERUP3, toUpline and a type other than 2', () => {
    const has = (p: Parameters<typeof inputs>[0]) => ids(listItems(inputs(p))).includes('uplineTransfer');
    expect(has({ member: { type: 1, toUpline: true } })).toBe(true);
    expect(has({ member: { type: 1, toUpline: false } })).toBe(false);
    expect(has({ member: { type: 2, toUpline: true } })).toBe(false);
    expect(has({ member: { type: 1, toUpline: true }, flags: { AGETRANSFERUP3: false } })).toBe(false);
    expect(has({ member: null })).toBe(false);
  });

  it('issue 53 verification with the level, first of the list, where the site offers it and for a member', () => {
    expect(listItems(inputs({ kycLevel: 2 }))[0]).toEqual({
      id: 'verification',
      to: '/m/verification',
      level: 2,
    });
    expect(listItems(inputs({ kycLevel: 0 }))[0]).toEqual({
      id: 'verification',
      to: '/m/verification',
      level: 0,
    });
    expect(ids(listItems(inputs({ kycLevel: null })))).not.toContain('verification');
    expect(ids(listItems(inputs()))).not.toContain('verification');
    expect(ids(listItems(inputs({ member: null, kycLevel: 1 })))).not.toContain('verification');
  });

  it('MINE-010 days since registration: whole days, never negative', () => {
    const reg = Date.UTC(2026, 0, 1, 12);
    expect(daysSince(reg, reg)).toBe(0);
    expect(daysSince(reg, reg + 86_400_000 - 1)).toBe(0);
    expect(daysSince(reg, reg + 86_400_000)).toBe(1);
    expect(daysSince(reg, reg + 30 * 86_400_000 + 5)).toBe(30);
    expect(daysSince(reg, reg - 5000)).toBe(0);
  });

  it('MINE-032 ROLE-006 ROLE-011 a tap navigates for a member, logs a visitor in, refuses a trial account', () => {
    expect(entryAction(null)).toBe('login');
    expect(entryAction({ type: 0 })).toBe('navigate');
    expect(entryAction({ type: 1 })).toBe('navigate');
    expect(entryAction({ type: 4 })).toBe('freeReject');
  });
});
