import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { diceChance, type BetFields, type GameKind } from '../rules/bets';

interface Props {
  kind: GameKind;
  fields: BetFields;
  onChange: (f: BetFields) => void;
  disabled: boolean;
}

/** The game's own choices beside the amount: dice target and side, crash cash-out, mines board, … */
export function BetFieldsEditor({ kind, fields, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = (k: string, v: string | number | number[]) => onChange({ ...fields, [k]: v });
  switch (kind) {
    case 'dice': {
      const target = Number(fields.target);
      const direction = String(fields.direction);
      return (
        <fieldset className="ih-fields" disabled={disabled}>
          <label htmlFor={`${id}-t`}>{t('inhouse.dice.target', { value: (target / 100).toFixed(2) })}</label>
          <input
            id={`${id}-t`}
            type="range"
            min={100}
            max={9899}
            step={1}
            value={target}
            onChange={(e) => set('target', Number(e.target.value))}
            data-testid="dice-target"
          />
          <div className="ih-choice" role="group" aria-label={t('inhouse.dice.direction')}>
            {(['under', 'over'] as const).map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={direction === d}
                onClick={() => set('direction', d)}
              >
                {t(`inhouse.dice.${d}`)}
              </button>
            ))}
          </div>
          <p className="ih-note">
            {t('inhouse.dice.chance', { value: diceChance(target, direction).toFixed(2) })}
          </p>
        </fieldset>
      );
    }
    case 'crash':
      return (
        <fieldset className="ih-fields" disabled={disabled}>
          <label htmlFor={`${id}-c`}>{t('inhouse.crash.cashOut')}</label>
          <input
            id={`${id}-c`}
            inputMode="decimal"
            value={(Number(fields.cashOutAt) / 100).toFixed(2)}
            onChange={(e) => {
              const v = Math.round(Number(e.target.value) * 100);
              if (Number.isFinite(v) && v >= 101) set('cashOutAt', v);
            }}
            data-testid="crash-target"
          />
        </fieldset>
      );
    case 'plinko':
      return (
        <fieldset className="ih-fields" disabled={disabled}>
          <label htmlFor={`${id}-r`}>{t('inhouse.plinko.rows')}</label>
          <select
            id={`${id}-r`}
            value={Number(fields.rows)}
            onChange={(e) => set('rows', Number(e.target.value))}
          >
            {[8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <div className="ih-choice" role="group" aria-label={t('inhouse.plinko.risk')}>
            {(['low', 'medium', 'high'] as const).map((r) => (
              <button key={r} type="button" aria-pressed={fields.risk === r} onClick={() => set('risk', r)}>
                {t(`inhouse.plinko.${r}`)}
              </button>
            ))}
          </div>
        </fieldset>
      );
    case 'baccarat':
      return (
        <fieldset className="ih-fields" disabled={disabled}>
          <div className="ih-choice" role="group" aria-label={t('inhouse.baccarat.side')}>
            {(['player', 'banker', 'tie'] as const).map((s) => (
              <button key={s} type="button" aria-pressed={fields.side === s} onClick={() => set('side', s)}>
                {t(`inhouse.baccarat.${s}`)}
              </button>
            ))}
          </div>
        </fieldset>
      );
    case 'mines': // its own screen part: components/mines-game.tsx
    case 'slot':
      return null;
  }
}
