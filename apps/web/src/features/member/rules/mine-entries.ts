import type { WhitelabelFlag } from '@panalo/contract/merchant';
import { isAgentType, isTrialType } from '@panalo/contract/member-types';

/**
 * The member centre's quick tiles and list items (spec §2 "Member centre (Mine)", §6): each with its
 * destination and the rule that shows it. Pure, so that every flag is tested without rendering.
 */
export type MineEntryId =
  | 'benefits'
  | 'download'
  | 'deposit'
  | 'withdraw'
  | 'invite'
  | 'security'
  | 'agent'
  | 'depositRecord'
  | 'withdrawRecord'
  | 'accountRecord'
  | 'betRecord'
  | 'profitLoss'
  | 'uplineTransfer'
  | 'rewardCentre'
  | 'manualRebate'
  | 'mission'
  | 'myRebate'
  | 'mail'
  | 'feedback'
  | 'verification';

export interface MineEntry {
  id: MineEntryId;
  /** The route it opens; null for the download tile, which opens the download popup instead. */
  to: string | null;
  /** The verification entry's level, shown in its label. */
  level?: number;
}

/** What the rules read: the merchant's flags and promotions, and the member (null for a visitor). */
export interface MineInputs {
  flag: (name: WhitelabelFlag) => boolean;
  promotions: Readonly<Record<string, { enabled: boolean } | undefined>>;
  member: { type: number; toUpline: boolean } | null;
  /** The member's verification level; null when the site offers no verification or it is not known. */
  kycLevel?: number | null;
}

/** VIP benefits are on (MINE-009/011/013): the VIP label, the panel link and the level-benefits tile. */
export const vipOn = (i: Pick<MineInputs, 'flag'>) => i.flag('VIPBENEFIT');

/** The VIP level's name in the reader's language when the club names it there, else the merchant's. */
export const vipName = (vip: { name: string; names?: Record<string, string> }, language: string) =>
  vip.names?.[language] ?? vip.name;

const promotionOn = (i: MineInputs, key: string) => i.promotions[key]?.enabled === true;

interface Rule extends MineEntry {
  show: (i: MineInputs) => boolean;
}

const always = () => true;
const flagged = (name: WhitelabelFlag) => (i: MineInputs) => i.flag(name);

const TILES: Rule[] = [
  { id: 'benefits', to: '/m/member/benefits', show: vipOn }, // MINE-013
  { id: 'download', to: null, show: always }, // MINE-014
  { id: 'deposit', to: '/m/voucherCenter', show: always }, // MINE-015
  { id: 'withdraw', to: '/m/withdraw', show: always }, // MINE-016
  { id: 'invite', to: '/m/inviteFriends', show: (i) => promotionOn(i, 'REFERRAL') }, // MINE-017, PROMO-005
  { id: 'security', to: '/m/securityCenter', show: always }, // MINE-018
];

const ITEMS: Rule[] = [
  // Issue 53: verification with the member's level, where the merchant offers it.
  {
    id: 'verification',
    to: '/m/verification',
    show: (i) => i.member !== null && i.kycLevel !== undefined && i.kycLevel !== null,
  },
  // MINE-019: agency centre only for member types other than 0, 4 and 40.
  { id: 'agent', to: '/m/agent', show: (i) => i.member !== null && isAgentType(i.member.type) },
  { id: 'depositRecord', to: '/m/vouReport', show: flagged('DEPRECM3') }, // MINE-020
  { id: 'withdrawRecord', to: '/m/withdrawReport', show: flagged('WITHREC3') }, // MINE-021
  { id: 'accountRecord', to: '/m/transaction/record', show: flagged('TRANSREC3') }, // MINE-022
  { id: 'betRecord', to: '/m/gameRecord', show: flagged('TRANSBETREPMEM3') }, // MINE-023
  { id: 'profitLoss', to: '/m/profitandloss', show: flagged('PERSREP') }, // MINE-024
  {
    // MINE-025: AGETRANSFERUP3 on, toUpline set, type not 2.
    id: 'uplineTransfer',
    to: '/m/upLine/transfer',
    show: (i) => i.flag('AGETRANSFERUP3') && i.member !== null && i.member.toUpline && i.member.type !== 2,
  },
  { id: 'rewardCentre', to: '/m/rewardCenter', show: flagged('REWCEN3') }, // MINE-026
  { id: 'manualRebate', to: '/m/member/manualRebate', show: flagged('MANPLAYREB3') }, // MINE-027
  { id: 'mission', to: '/m/leaderBoard', show: (i) => promotionOn(i, 'MISSION') }, // MINE-028
  { id: 'myRebate', to: '/m/member/rebateReport', show: flagged('PLYRBT') }, // MINE-029
  { id: 'mail', to: '/m/webEmail', show: flagged('MAILCEN') }, // MINE-030
  { id: 'feedback', to: '/m/feedback', show: flagged('FEEDBACK3') }, // MINE-031
];

const pick = (rules: Rule[], i: MineInputs): MineEntry[] =>
  rules
    .filter((r) => r.show(i))
    .map(({ id, to }) =>
      id === 'verification' && i.kycLevel != null ? { id, to, level: i.kycLevel } : { id, to },
    );

/** The quick tiles shown, in the spec's order. */
export const quickTiles = (i: MineInputs) => pick(TILES, i);
/** The list items shown, in the spec's order. */
export const listItems = (i: MineInputs) => pick(ITEMS, i);

const DAY_MS = 86_400_000;

/** MINE-010: whole days since the registration date (0 on the first day, never negative). */
export function daysSince(regDate: number, now: number): number {
  return Math.max(0, Math.floor((now - regDate) / DAY_MS));
}

/** What tapping a member-centre destination does (MINE-032, ROLE-006, ROLE-011). */
export type EntryAction = 'navigate' | 'login' | 'freeReject';

export function entryAction(session: { type: number } | null): EntryAction {
  if (!session) return 'login';
  return isTrialType(session.type) ? 'freeReject' : 'navigate';
}
