import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Table,
  Text,
} from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../lib/api';
import { errorText } from '../i18n';
import { CsvButton } from './csv-button';

export interface Column<T> {
  key: string;
  /** The column's heading (already translated). */
  title: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Kept on one line (a day, an amount): a table too wide for the screen scrolls instead. */
  nowrap?: boolean;
}

const cellStyle = (c: { align?: 'left' | 'right'; nowrap?: boolean }) => ({
  textAlign: c.align === 'right' ? ('right' as const) : undefined,
  whiteSpace: c.nowrap ? ('nowrap' as const) : undefined,
});

/**
 * A server-paged table with its loading, empty and error states. The caption names the table for
 * screen readers; the rows are the server's page as it sent it.
 */
export function PagedTable<T>(props: {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The width below which the table scrolls sideways rather than squeeze its columns (720 px). */
  minWidth?: number;
  /** Smaller type and spacing, with figures of one width: for a table of many columns of figures. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (props.error) return <ListError error={props.error} onRetry={props.onRetry} />;
  if (props.loading && !props.rows) return <ListLoading />;
  const rows = props.rows ?? [];
  return (
    <>
      {/* On a narrow screen the table scrolls sideways: its viewport takes the keyboard's focus (arrow keys
          scroll it) and is named after the table. */}
      <Table.ScrollContainer minWidth={props.minWidth ?? 720} scrollAreaProps={scrollRegion(props.caption)}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-busy={props.loading}
          {...(props.compact && { fz: 'xs', horizontalSpacing: 8, tabularNums: true })}
        >
          <Table.Caption>{props.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th key={c.key} scope="col" style={cellStyle({ align: c.align })}>
                  {c.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {props.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={props.rowKey(row)}>
                  {props.columns.map((c) => (
                    <Table.Td key={c.key} style={cellStyle(c)}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.totalPages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination
            total={props.totalPages}
            value={props.page}
            onChange={props.onPage}
            getControlProps={(control) => ({
              'aria-label': t(`common.page.${control}`),
            })}
            getItemProps={(page) => ({ 'aria-label': t('common.page.number', { page }) })}
          />
        </Group>
      )}
    </>
  );
}

/** A list that could not be loaded: the refusal in the staff member's words, and a retry. */
export function ListError(props: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={props.title ?? t('common.loadFailed')} role="alert">
      <Group justify="space-between">
        <Text size="sm">
          {props.error instanceof ApiError ? errorText(props.error.code) : errorText('unknown_error')}
        </Text>
        <Button size="xs" variant="light" onClick={props.onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A list being read the first time. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" aria-busy="true">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * A whole (unpaged) list whose rows each open a page of their own (a queue of documents, of cases), with
 * its loading, empty and error states. The first column's cell should hold the row's link (`RowLink`):
 * the keyboard's and the screen reader's way in; a click anywhere else on the row follows it too (but
 * not a click on another link or button in the row, nor one that selects text).
 */
export function RowLinkTable<T>(props: {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowHref: (row: T) => string;
  /** The row's own attributes (`data-testid`, `data-…`). */
  rowProps?: (row: T) => Record<string, string>;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string;
  /** The width below which the table scrolls sideways rather than squeeze its columns (720 px). */
  minWidth?: number;
  testId?: string;
}) {
  const navigate = useNavigate();
  if (props.error) return <ListError error={props.error} onRetry={props.onRetry} />;
  if (!props.rows) return <ListLoading />;
  const rows = props.rows;
  const follow = (e: MouseEvent<HTMLTableRowElement>, href: string) => {
    if ((e.target as HTMLElement).closest('a, button, input, textarea, select, label')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(href);
  };
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 720} scrollAreaProps={scrollRegion(props.caption)}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={props.loading}
        data-testid={props.testId}
      >
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => (
              <Table.Th key={c.key} scope="col" style={cellStyle({ align: c.align })}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={props.columns.length}>
                <Text c="dimmed" ta="center" py="lg">
                  {props.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => {
              const href = props.rowHref(row);
              return (
                <Table.Tr
                  key={props.rowKey(row)}
                  onClick={(e) => follow(e, href)}
                  style={{ cursor: 'pointer' }}
                  {...props.rowProps?.(row)}
                >
                  {props.columns.map((c) => (
                    <Table.Td key={c.key} style={cellStyle(c)}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The link that opens a row's page, in the row's first cell (`RowLinkTable`). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Anchor>
  );
}

/**
 * The table's state from a list query and the URL's paging: its rows, loading, error and retry, and the
 * page (what every server-paged screen hands to PagedTable).
 */
export function pagedState<T>(
  query: {
    data: { list: T[]; totalPages: number } | undefined;
    isFetching: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  },
  list: { page: number; setPage: (page: number) => void },
) {
  return {
    rows: query.data?.list,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
    page: list.page,
    totalPages: query.data?.totalPages ?? 0,
    onPage: list.setPage,
  };
}

/** A queue's status filter and its CSV download (the server builds the file with the same filter). */
export function StatusBar<S extends string>(props: {
  statuses: readonly S[];
  value: S;
  label: (status: S) => string;
  onChange: (status: S) => void;
  csvPath?: string;
  /** The list's other filters, which the CSV follows too. */
  csvQuery?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <SegmentedControl
        aria-label={t('cashier.status')}
        value={props.value}
        onChange={(v) => props.onChange(v)}
        data={props.statuses.map((s) => ({ value: s, label: props.label(s) }))}
        style={{ maxWidth: '100%', overflowX: 'auto' }}
      />
      {props.csvPath && (
        <CsvButton
          path={props.csvPath}
          query={{ ...props.csvQuery, status: props.value === 'all' ? '' : props.value }}
        />
      )}
    </Group>
  );
}

/**
 * The loading and error states of a query that fetches one thing (a settings form's values): a spinner
 * while it is first fetched, and the error with a retry; the caller renders the data.
 */
export function LoadState(props: { pending: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (props.pending && !props.error)
    return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (!props.error) return null;
  return (
    <Alert color="red" role="alert">
      {t('common.loadFailed')}{' '}
      <Button variant="subtle" size="compact-sm" onClick={props.onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/**
 * A table's sideways scroll area as a named region that takes keyboard focus (axe: a region that
 * scrolls must be reachable by keyboard), for every Table.ScrollContainer of the console. Its scrollbar
 * shows whenever the table is wider than the screen (not only under the mouse): a table cut at the
 * edge must look like one that scrolls.
 */
export const scrollRegion = (caption: string) => ({
  type: 'auto' as const,
  viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
});
