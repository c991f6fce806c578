import { Alert, Button, Center, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { errorText } from '../i18n';

export interface Column<T> {
  key: string;
  /** The column's heading (already translated). */
  title: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

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
}) {
  const { t } = useTranslation();
  if (props.error) {
    return (
      <Alert color="red" title={t('common.loadFailed')} role="alert">
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
  if (props.loading && !props.rows) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const rows = props.rows ?? [];
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={props.loading}>
          <Table.Caption>{props.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th
                  key={c.key}
                  scope="col"
                  style={c.align === 'right' ? { textAlign: 'right' } : undefined}
                >
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
                    <Table.Td key={c.key} style={c.align === 'right' ? { textAlign: 'right' } : undefined}>
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
