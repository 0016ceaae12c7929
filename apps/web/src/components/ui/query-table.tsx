import { Alert } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { refusalText } from '../../lib/api-client/refusal-text';
import { ConsoleTable } from './console-table';

interface QueryTableProps<T> {
  /** The list query's state: its refusal is shown above the table and as its empty text. */
  query: { isError: boolean; isPending: boolean; error: unknown };
  records: T[];
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  loadFailed: string;
  empty: string;
}

/** A console table of one query's rows, with the query's refusal said above it when loading failed. */
export function QueryTable<T>({ query, records, columns, idAccessor, loadFailed, empty }: QueryTableProps<T>) {
  return (
    <>
      {query.isError && (
        <Alert color="red" role="alert">
          {refusalText(query.error, loadFailed).join(' ')}
        </Alert>
      )}
      <ConsoleTable<T>
        minHeight={150}
        idAccessor={idAccessor}
        records={records}
        columns={columns}
        fetching={query.isPending}
        noRecordsText={query.isError ? loadFailed : empty}
      />
    </>
  );
}
