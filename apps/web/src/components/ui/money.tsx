import { formatMoney } from '../../lib/format';
import { formatSigned, signOf } from '../../lib/amounts';

/** An amount with 2 decimals. */
export function Money({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className="ui-money" data-testid={testId}>
      {formatMoney(value)}
    </span>
  );
}

/** A signed amount: '+' and the "in" colour for money in, '-' and the "out" colour for money out. */
export function SignedMoney({ value, testId }: { value: string; testId?: string }) {
  const sign = signOf(value);
  return (
    <span className={`ui-money ui-money--${sign}`} data-sign={sign} data-testid={testId}>
      {formatSigned(value)}
    </span>
  );
}
