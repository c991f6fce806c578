/** A row of result balls (digits, dice faces or numbers), read out as one group. */
export function Balls({
  items,
  label,
  size = 'md',
  colours,
  testId,
}: {
  items: readonly string[];
  label: string;
  size?: 'sm' | 'md';
  /** A ball's colours (Win Go: red, green, violet; two for 0 and 5), drawn on the ball; none by default. */
  colours?: (item: string) => readonly string[];
  testId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <span className={`lott-balls lott-balls--${size}`} role="img" aria-label={label} data-testid={testId}>
      {items.map((d, i) => (
        <span key={i} className={ballClass(colours?.(d) ?? [])} aria-hidden="true">
          {d}
        </span>
      ))}
    </span>
  );
}

/** The class of a ball of these colours: lott-ball--red, or lott-ball--red-violet for a split ball. */
export const ballClass = (colours: readonly string[]) =>
  colours.length > 0 ? `lott-ball lott-ball--${colours.join('-')}` : 'lott-ball';
