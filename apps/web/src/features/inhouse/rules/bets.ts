import type { InhouseGameInfo } from '@panalo/contract/inhouse';

export type GameKind = InhouseGameInfo['kind'];

/** Each game's own bet fields (the amount is separate), as the server's engines read them. */
export type BetFields = Record<string, string | number | number[]>;

/** Sensible first choices, so that Play works at once. */
export function defaultFields(kind: GameKind): BetFields {
  switch (kind) {
    case 'dice':
      return { target: 5000, direction: 'under' };
    case 'crash':
      return { cashOutAt: 200 };
    case 'plinko':
      return { rows: 12, risk: 'medium' };
    case 'baccarat':
      return { side: 'banker' };
    case 'mines': // played tile by tile (components/mines-game.tsx)
    case 'slot':
      return {};
  }
}

/** Dice: the chance of winning, in percent, for a target in hundredths (0…9999) and a direction. */
export function diceChance(target: number, direction: string): number {
  const winning = direction === 'under' ? target : 9999 - target;
  return winning / 100;
}

/** Amount text the server accepts: digits with at most 2 decimals, above zero. */
export function isAmount(text: string): boolean {
  return /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/.test(text) && Number(text) > 0;
}

/** A bet ready to send, or the reason it is not. */
export function betBody(
  kind: GameKind,
  amount: string,
  fields: BetFields,
): { ok: true; body: Record<string, unknown> } | { ok: false; reason: 'amount' } {
  if (!isAmount(amount)) return { ok: false, reason: 'amount' };
  return { ok: true, body: { amount, ...fields } };
}
