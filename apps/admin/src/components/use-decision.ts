import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notice, type NoticeColor } from './notice';

export type Decision = 'approve' | 'reject';

/** What a decision made tells the staff member: a text (green to approve, gray to reject), or its own colour. */
export type DecisionNotice = string | { color: NoticeColor; message: string };

/** The corner notice of a decision made: a bare text is green for an approval and gray for a refusal. */
export const noticeOf = (decision: Decision, said: DecisionNotice) =>
  typeof said === 'string'
    ? { color: decision === 'approve' ? ('green' as const) : ('gray' as const), message: said }
    : said;

/**
 * A queue's approve/reject decision on one row (a deposit, a withdrawal, a request, an application): its
 * words (the row's buttons, their names, the dialog's question), the call, the notice and what it
 * invalidates. `DecisionButtons` opens it on a row, `DecisionDialog` asks (a reason, required to reject,
 * and one Idempotency-Key per intent, kept by `DecisionModal`) and `confirm` carries it out.
 */
export interface DecisionConfig<T, A> {
  /** The row's buttons and the dialog's confirm button. */
  label: Record<Decision, string>;
  /** A row button's accessible name (it names the row: several rows have the same buttons). */
  name: (row: T, decision: Decision) => string;
  /** The dialog's title. */
  title: Record<Decision, string>;
  /** The dialog's question: what will happen to this row. */
  summary: (row: T, decision: Decision) => ReactNode;
  /** Approving carries no reason (the dialog asks the question only); a refusal always has one. */
  approveWithoutReason?: boolean;
  /** The call, with the reason (empty to approve) and the intent's key; its answer goes to `notice`. */
  decide: (row: T, decision: Decision, input: { reason: string; key: string }) => Promise<A>;
  notice: (row: T, decision: Decision, answer: A) => DecisionNotice;
  /** The queries the decision changes (`allOpsQueries` when it moves money). */
  invalidate: QueryKey;
}

export function useDecision<T, A>(config: DecisionConfig<T, A>) {
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ row: T; decision: Decision } | null>(null);
  return {
    ...config,
    /** The row and the decision asked about; null while the dialog is closed. */
    deciding,
    open: (row: T, decision: Decision) => setDeciding({ row, decision }),
    close: () => setDeciding(null),
    /** Carries out the decision asked about (DecisionModal shows a refusal and keeps the dialog open). */
    confirm: async (input: { reason: string; key: string }) => {
      const d = deciding!;
      const answer = await config.decide(d.row, d.decision, input);
      const said = noticeOf(d.decision, config.notice(d.row, d.decision, answer));
      notice(said.color, said.message);
      await queryClient.invalidateQueries({ queryKey: config.invalidate });
    },
  };
}

export type DecisionState<T, A> = ReturnType<typeof useDecision<T, A>>;
