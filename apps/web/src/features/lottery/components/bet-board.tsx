import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { LotteryKind } from '../rules/results';
import type { LotteryBetType, SelectionRule } from '@panalo/contract/lottery';
import {
  groupValues,
  isSelected,
  oddsFor,
  quickPick,
  selectionParts,
  ticketText,
  togglePick,
  validDigits,
  type Slip,
} from '../rules/bet-slip';
import { useBetText } from './use-bet-text';
import { ballColours } from '../rules/results';
import { ballClass } from './balls';

type PickRule = Extract<SelectionRule, { kind: 'pick' }>;

/**
 * The choices of the chosen bet type, drawn from the server's selection rule: a grid of toggles (list),
 * a digits field (VN lotto), or a number grid where `count` numbers make one ticket (pick-6).
 */
export function BetBoard({
  kind,
  betType,
  slip,
  disabled,
  onToggle,
}: {
  kind: LotteryKind;
  betType: LotteryBetType;
  slip: Slip;
  disabled: boolean;
  onToggle: (betType: string, selection: string) => void;
}) {
  const rule = betType.selection;
  switch (rule.kind) {
    case 'list':
      return (
        <ListBoard
          kind={kind}
          betType={betType}
          values={rule.values}
          slip={slip}
          disabled={disabled}
          onToggle={onToggle}
        />
      );
    case 'digits':
      return (
        <DigitsBoard
          betType={betType}
          length={rule.length}
          slip={slip}
          disabled={disabled}
          onToggle={onToggle}
        />
      );
    case 'pick':
      return <PickBoard betType={betType} rule={rule} slip={slip} disabled={disabled} onToggle={onToggle} />;
  }
}

interface BoardProps {
  betType: LotteryBetType;
  slip: Slip;
  disabled: boolean;
  onToggle: (betType: string, selection: string) => void;
}

function ListBoard({
  kind,
  betType,
  values,
  slip,
  disabled,
  onToggle,
}: BoardProps & { kind: LotteryKind; values: readonly string[] }) {
  const { t } = useTranslation();
  const text = useBetText();
  // Win Go's numbers are coloured balls (the market's convention), with a random pick among them.
  const balls = kind === 'wingo' && values.every((v) => /^[0-9]$/.test(v));
  const randomPick = () => {
    const free = values.filter((v) => !isSelected(slip, betType.betType, v));
    if (free.length === 0) return;
    const r = new Uint32Array(1);
    crypto.getRandomValues(r);
    onToggle(betType.betType, free[r[0]! % free.length]!);
  };
  return (
    <div className="lott-board" data-testid="bet-board">
      {balls && (
        <button
          type="button"
          className="lott-random"
          disabled={disabled}
          onClick={randomPick}
          data-testid="random-pick"
        >
          {t('lottery.bet.quickPick')}
        </button>
      )}
      {groupValues(values).map((g) => (
        <div
          key={g.position ?? '-'}
          className="lott-board__group"
          role="group"
          aria-label={
            g.position ? t('lottery.bet.position', { position: g.position }) : text.betTypeName(betType)
          }
        >
          {g.position && (
            <span className="lott-board__pos" aria-hidden="true">
              {g.position}
            </span>
          )}
          {g.values.map((v) => {
            const odds = oddsFor(betType, v);
            const word = selectionParts(v).word;
            return (
              <button
                key={v}
                type="button"
                className={`lott-choice lott-choice--${kind} lott-choice--${word}${balls ? ' lott-choice--ball' : ''}`}
                aria-pressed={isSelected(slip, betType.betType, v)}
                disabled={disabled}
                onClick={() => onToggle(betType.betType, v)}
                data-testid={`choice-${v}`}
              >
                {balls ? (
                  <span className={ballClass(ballColours(kind, v))} data-testid={`ball-${v}`}>
                    {v}
                  </span>
                ) : (
                  <span className="lott-choice__label">{text.word(word)}</span>
                )}
                {odds && <span className="lott-choice__odds">×{odds}</span>}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function DigitsBoard({ betType, length, slip, disabled, onToggle }: BoardProps & { length: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState(false);
  const add = () => {
    if (!validDigits(value, length)) return setProblem(true);
    setProblem(false);
    if (!isSelected(slip, betType.betType, value)) onToggle(betType.betType, value);
    setValue('');
  };
  return (
    <div className="lott-board" data-testid="bet-board">
      <label htmlFor={id} className="lott-field__label">
        {t('lottery.bet.digits', { count: length })}
        {betType.odds.default && <span className="lott-choice__odds"> ×{betType.odds.default}</span>}
      </label>
      <div className="lott-digits">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          maxLength={length}
          value={value}
          disabled={disabled}
          aria-invalid={problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          data-testid="digits-input"
        />
        <button
          type="button"
          className="btn btn--primary"
          disabled={disabled}
          onClick={add}
          data-testid="digits-add"
        >
          {t('lottery.bet.add')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="lott-error" role="alert">
          {t('lottery.bet.digitsProblem', { count: length })}
        </p>
      )}
    </div>
  );
}

function PickBoard({ betType, rule, slip, disabled, onToggle }: BoardProps & { rule: PickRule }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number[]>([]);
  const numbers = Array.from({ length: rule.max - rule.min + 1 }, (_, i) => rule.min + i);
  const full = picked.length === rule.count;
  const add = () => {
    const ticket = ticketText(picked);
    if (!isSelected(slip, betType.betType, ticket)) onToggle(betType.betType, ticket);
    setPicked([]);
  };
  return (
    <div className="lott-board" data-testid="bet-board">
      <p className="lott-field__label" aria-live="polite">
        {t('lottery.bet.pickCount', { picked: picked.length, count: rule.count })}
      </p>
      <div className="lott-pick" role="group" aria-label={t('lottery.bet.pickLabel', { count: rule.count })}>
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            className="lott-pick__n"
            aria-pressed={picked.includes(n)}
            disabled={disabled || (full && !picked.includes(n))}
            onClick={() => setPicked((p) => togglePick(p, n, rule.count))}
            data-testid={`pick-${n}`}
          >
            {String(n).padStart(2, '0')}
          </button>
        ))}
      </div>
      <div className="lott-row">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={disabled}
          onClick={() => setPicked(quickPick(rule, Math.random))}
          data-testid="pick-quick"
        >
          {t('lottery.bet.quickPick')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={disabled || !full}
          onClick={add}
          data-testid="pick-add"
        >
          {t('lottery.bet.addTicket')}
        </button>
      </div>
    </div>
  );
}
