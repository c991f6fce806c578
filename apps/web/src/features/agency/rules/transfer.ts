import { formatAmount, parseAmount } from '@panalo/contract/money';
import { MAX_TRANSFER_LINES } from '@panalo/contract/agent-menu';

/** What the agent typed for one downline. */
export interface TransferEntry {
  username: string;
  text: string;
}

export interface TransferPlan {
  /** The lines to send: members with a positive amount, in the order they were typed. */
  lines: { memberId: string; username: string; amount: string }[];
  total: string;
  /** Members whose amount is not an amount (empty ones are left out, not errors). */
  invalid: string[];
  overBalance: boolean;
  tooMany: boolean;
}

/** Turns the typed amounts into the request's lines, checked against the balance (the server checks again). */
export function transferPlan(
  entries: ReadonlyMap<string, TransferEntry>,
  balance: string | null,
): TransferPlan {
  const lines: TransferPlan['lines'] = [];
  const invalid: string[] = [];
  let total = 0n;
  for (const [memberId, e] of entries) {
    const text = e.text.trim();
    if (text === '') continue;
    const minor = parseAmount(text);
    if (minor === null || minor <= 0n) {
      invalid.push(memberId);
      continue;
    }
    total += minor;
    lines.push({ memberId, username: e.username, amount: formatAmount(minor) });
  }
  const available = balance === null ? null : parseAmount(balance);
  return {
    lines,
    total: formatAmount(total),
    invalid,
    overBalance: available !== null && total > available,
    tooMany: lines.length > MAX_TRANSFER_LINES,
  };
}
