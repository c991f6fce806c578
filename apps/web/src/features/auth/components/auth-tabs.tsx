import { useRef, type KeyboardEvent } from 'react';

export interface Tab<T extends string> {
  value: T;
  label: string;
}

/** A tab list (arrow keys move between tabs); the form below is its tab panel. */
export function AuthTabs<T extends string>(props: {
  tabs: readonly Tab<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  panelId: string;
  idPrefix: string;
}) {
  const { tabs, value, onChange, label, panelId, idPrefix } = props;
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = tabs.findIndex((t) => t.value === value);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    onChange(next.value);
    list.current?.querySelector<HTMLButtonElement>(`#${idPrefix}-${next.value}`)?.focus();
  };
  return (
    <div className="auth-tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const selected = t.value === value;
        return (
          <button
            key={t.value}
            id={`${idPrefix}-${t.value}`}
            type="button"
            role="tab"
            className="auth-tabs__tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.value)}
            data-testid={`tab-${t.value}`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
