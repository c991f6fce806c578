import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { DecisionModal } from './decision-modal';
import { PagedTable, StatusBar, type Column } from './list-states';
import type { DecisionState } from './use-decision';
import type { StatusList } from './use-status-list';

interface StatusQueueProps<T, S extends string> {
  queue: StatusList<T, S>;
  /** A status tab's label. */
  statusLabel: (status: S) => string;
  /** The CSV download of the list as filtered (`StatusBar`). */
  csvPath?: string;
  csvQuery?: Record<string, string>;
  /** Between the status bar and the table: the list's other filters. */
  filters?: ReactNode;
  /** The table's caption (already translated; it may count `queue.total`). */
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: string;
}

/**
 * A status-filtered paged list (`useStatusList`): its status bar (with the CSV download), the screen's
 * other filters, the table with its paging, loading, empty and error states. It renders its pieces as
 * siblings, in the screen's `Stack`.
 */
export function StatusQueue<T, S extends string>(props: StatusQueueProps<T, S>) {
  const { queue } = props;
  return (
    <>
      <StatusBar {...queue.bar} label={props.statusLabel} csvPath={props.csvPath} csvQuery={props.csvQuery} />
      {props.filters}
      <PagedTable
        caption={props.caption}
        columns={props.columns}
        rowKey={props.rowKey}
        empty={props.empty}
        {...queue.table}
      />
    </>
  );
}

/**
 * The approve/reject queue of the cashier's deposits and withdrawals, the approvals desk and the
 * promotions' applications: the list (`StatusQueue`), whose actions column holds `DecisionButtons`,
 * and the dialog of the decision (`useDecision`).
 */
export function DecisionQueue<T, S extends string, A>(
  props: StatusQueueProps<T, S> & { decision: DecisionState<T, A> },
) {
  const { decision, ...list } = props;
  return (
    <>
      <StatusQueue {...list} />
      <DecisionDialog decision={decision} />
    </>
  );
}

/** A row's two buttons, named after the row: approve (in the decision's words) and reject. */
export function DecisionButtons<T, A>(props: { decision: DecisionState<T, A>; row: T }) {
  const { decision, row } = props;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        onClick={() => decision.open(row, 'approve')}
        aria-label={decision.name(row, 'approve')}
      >
        {decision.label.approve}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => decision.open(row, 'reject')}
        aria-label={decision.name(row, 'reject')}
      >
        {decision.label.reject}
      </Button>
    </Group>
  );
}

/** The question before the decision: `DecisionModal`, a reason required to reject, the intent's key. */
export function DecisionDialog<T, A>({ decision }: { decision: DecisionState<T, A> }) {
  const asked = decision.deciding;
  const which = asked?.decision ?? 'reject';
  return (
    <DecisionModal
      opened={asked !== null}
      title={decision.title[which]}
      summary={asked && decision.summary(asked.row, asked.decision)}
      confirmLabel={decision.label[which]}
      danger={asked?.decision === 'reject'}
      reasonRequired={asked?.decision === 'reject'}
      reason={decision.approveWithoutReason && asked?.decision === 'approve' ? false : undefined}
      onClose={decision.close}
      onConfirm={decision.confirm}
    />
  );
}
