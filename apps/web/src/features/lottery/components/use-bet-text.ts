import { useTranslation } from '../../../i18n/react';
import type { LotteryKind } from '../rules/results';
import type { LotteryBetType } from '@panalo/contract/lottery';
import { selectionParts } from '../rules/bet-slip';

const WORDS = new Set(['big', 'small', 'odd', 'even', 'green', 'red', 'violet', 'any']);

/** Names of bet types and selections in the current language (digits and numbers stay as they are). */
export function useBetText() {
  const { t, i18n } = useTranslation();
  const word = (w: string) => (WORDS.has(w) ? t(`lottery.word.${w}`) : w);
  return {
    word,
    betTypeName: (bt: Pick<LotteryBetType, 'betType' | 'nameKey'>) =>
      i18n.exists(bt.nameKey) ? t(bt.nameKey) : bt.betType,
    /** A bet's type by the game's kind (the catalogue key the server's nameKey names). */
    betTypeOf: (kind: LotteryKind, betType: string) => {
      const key = `lottery.betType.${kind}.${betType}`;
      return i18n.exists(key) ? t(key) : betType;
    },
    selection: (value: string) => {
      const { position, word: w } = selectionParts(value);
      return position ? `${t('lottery.bet.position', { position })} ${word(w)}` : word(w);
    },
  };
}
