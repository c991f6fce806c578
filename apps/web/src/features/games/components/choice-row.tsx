import type { ReactNode } from 'react';

export interface Choice {
  id: string;
  label: ReactNode;
  testId: string;
}

/** A row of toggle buttons where one is chosen (data tabs, classify menu, drawer options). */
export function ChoiceRow({
  label,
  choices,
  selected,
  onChoose,
  className = 'games-chips',
  testId,
}: {
  label: string;
  choices: readonly Choice[];
  selected: string;
  onChoose: (id: string) => void;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} role="group" aria-label={label} data-testid={testId}>
      {choices.map((c) => (
        <button
          key={c.id}
          type="button"
          className="games-chip"
          aria-pressed={c.id === selected}
          data-testid={c.testId}
          onClick={() => onChoose(c.id)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
