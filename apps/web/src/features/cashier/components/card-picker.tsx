import { useTranslation } from '../../../i18n/react';
import type { BankCard } from '../api/security';

/** The member's bound cards, masked (only the last four digits ever reach the browser). */
export function CardPicker({
  cards,
  selected,
  onSelect,
}: {
  cards: BankCard[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="cs-group">
      <legend className="cs-field__label">{t('cashier.withdraw.card')}</legend>
      <ul className="cs-options">
        {cards.map((c) => (
          <li key={c.id} className={`cs-option${selected === c.id ? ' cs-option--on' : ''}`}>
            <input
              type="radio"
              id={`cs-card-${c.id}`}
              name="card"
              value={c.id}
              checked={selected === c.id}
              onChange={() => onSelect(c.id)}
              data-testid={`withdraw-card-${c.id}`}
            />
            <label htmlFor={`cs-card-${c.id}`} className="cs-option__label">
              <span className="cs-option__title">{c.bankName}</span>
              <span className="cs-mono">{c.masked}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
