import { Table, type MantineSpacing, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableHead } from './table-head';

interface ScrollTableProps extends TableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  headers: readonly ReactNode[];
  /** Padding around the table, inside the scrolling area. */
  padding?: MantineSpacing;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** A plain table with its header row, scrolling sideways on narrow screens. */
export function ScrollTable({ minWidth, headers, padding, children, ...table }: ScrollTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} p={padding}>
      <Table {...table}>
        <TableHead headers={headers} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
