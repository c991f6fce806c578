import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollRegion } from '../../../components/list-states';
import { FIGURE_COLUMNS, figureText, type FigureValues } from '../rules/figures';
import { FigureHeading } from './figure-heading';

const right = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/**
 * A table of figures: a first column (the brand, or the day), the figures with their definitions on
 * their headings, and total rows in its foot. Compact, with figures of one width; narrower than its
 * eleven columns, it scrolls sideways in its own named frame.
 */
export function FiguresTable<R extends FigureValues>(props: {
  caption: string;
  /** The first column's heading and cell (the row's name: a brand, a day). */
  first: { title: string; render: (row: R) => ReactNode };
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The foot's rows: a label and its figures. */
  totals: { key: string; label: string; figures: FigureValues }[];
  empty: string;
  /** Refreshing with the previous answer still shown. */
  busy?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const cells = (values: FigureValues) =>
    FIGURE_COLUMNS.map((f) => (
      <Table.Td key={f} style={right} data-col={f}>
        {figureText(f, values, i18n.language)}
      </Table.Td>
    ));
  return (
    <Table.ScrollContainer minWidth={1080} scrollAreaProps={scrollRegion(props.caption)}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        fz="xs"
        horizontalSpacing={8}
        tabularNums
        aria-busy={props.busy ?? false}
        data-testid={props.testId}
      >
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{props.first.title}</Table.Th>
            {FIGURE_COLUMNS.map((f) => (
              <Table.Th key={f} scope="col" style={right}>
                <FigureHeading figure={f} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={FIGURE_COLUMNS.length + 1} c="dimmed" ta="center" py="lg">
                {props.empty}
              </Table.Td>
            </Table.Tr>
          ) : (
            props.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{props.first.render(row)}</Table.Td>
                {cells(row)}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {props.rows.length > 0 && props.totals.length > 0 && (
          <Table.Tfoot>
            {props.totals.map((total) => (
              <Table.Tr key={total.key} fw={700}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {total.label}
                </Table.Th>
                {cells(total.figures)}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
