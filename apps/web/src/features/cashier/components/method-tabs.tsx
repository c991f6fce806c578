import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { DepositMethod } from '../api/deposit-options';

interface Props {
  methods: DepositMethod[];
  selected: string;
  onSelect: (code: string) => void;
}

/** The deposit methods as tabs (arrow keys move between them, as a tablist should). */
export function MethodTabs({ methods, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  function onKey(e: KeyboardEvent) {
    const i = methods.findIndex((m) => m.code === selected);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || i < 0) return;
    e.preventDefault();
    const next = methods[(i + step + methods.length) % methods.length];
    if (!next) return;
    onSelect(next.code);
    list.current?.querySelector<HTMLButtonElement>(`[data-code="${next.code}"]`)?.focus();
  }
  return (
    <div
      ref={list}
      className="cs-tabs"
      role="tablist"
      aria-label={t('cashier.deposit.methods')}
      onKeyDown={onKey}
    >
      {methods.map((m) => {
        const on = m.code === selected;
        return (
          <button
            key={m.code}
            type="button"
            role="tab"
            id={`cs-tab-${m.code}`}
            aria-selected={on}
            aria-controls="cs-method-panel"
            tabIndex={on ? 0 : -1}
            className={`cs-tab${on ? ' cs-tab--on' : ''}`}
            data-code={m.code}
            data-testid={`deposit-method-${m.code}`}
            onClick={() => onSelect(m.code)}
          >
            <span className="cs-tab__name">{m.name}</span>
            {/* The kind under the name, unless the merchant named the method after it already. */}
            {t(`cashier.deposit.kind.${m.kind}`) !== m.name && (
              <span className="cs-tab__kind">{t(`cashier.deposit.kind.${m.kind}`)}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
