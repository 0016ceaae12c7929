import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** The header row of a plain table, one cell per header in order (an empty one for a column of actions). */
export function TableHead({ headers }: { headers: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((header, index) => (
          // The headers are fixed per table, so their position is their identity.
          <Table.Th key={index}>{header}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
