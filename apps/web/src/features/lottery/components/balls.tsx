/** A row of result balls (digits, dice faces or numbers), read out as one group. */
export function Balls({
  items,
  label,
  size = 'md',
  testId,
}: {
  items: readonly string[];
  label: string;
  size?: 'sm' | 'md';
  testId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <span className={`lott-balls lott-balls--${size}`} role="img" aria-label={label} data-testid={testId}>
      {items.map((d, i) => (
        <span key={i} className="lott-ball" aria-hidden="true">
          {d}
        </span>
      ))}
    </span>
  );
}
