import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { scrollRegion } from '../../../components/list-states';

export interface SheetColumn<T> {
  key: string;
  /** The column's heading (already translated). */
  title: string;
  render: (row: T) => ReactNode;
  /** An amount or a count: right-aligned, on one line. */
  numeric?: boolean;
}

const cell = (numeric?: boolean) =>
  numeric ? { textAlign: 'right' as const, whiteSpace: 'nowrap' as const } : undefined;

/**
 * One section of a day's sheet as a table: its caption names it for screen readers, the first column
 * heads each row (`th scope="row"`), a flagged row (a difference) is tinted and marked `data-flagged`.
 * Narrower than `minWidth`, it scrolls sideways in its own frame, which the keyboard can focus.
 */
export function SheetTable<T>(props: {
  caption: string;
  columns: SheetColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  flagged?: (row: T) => boolean;
  minWidth?: number;
  testId?: string;
}) {
  const [first, ...rest] = props.columns;
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 560} scrollAreaProps={scrollRegion(props.caption)}>
      <Table captionSide="top" verticalSpacing="xs" highlightOnHover tabularNums data-testid={props.testId}>
        <Table.Caption ta="left">{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => (
              <Table.Th key={c.key} scope="col" style={cell(c.numeric)}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 || !first ? (
            <Table.Tr>
              <Table.Td colSpan={props.columns.length}>
                <Text c="dimmed" ta="center" py="md" size="sm">
                  {props.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            props.rows.map((row) => {
              const flagged = props.flagged?.(row) ?? false;
              return (
                <Table.Tr
                  key={props.rowKey(row)}
                  data-flagged={flagged || undefined}
                  bg={flagged ? 'red.0' : undefined}
                >
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {first.render(row)}
                  </Table.Th>
                  {rest.map((c) => (
                    <Table.Td key={c.key} style={cell(c.numeric)}>
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
