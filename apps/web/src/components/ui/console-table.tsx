import { DataTable, type DataTableProps } from 'mantine-datatable';
import 'mantine-datatable/styles.css';

/** A console table: bordered, rounded, high enough for its loader and empty text before rows arrive. */
export function ConsoleTable<T>(props: DataTableProps<T>) {
  return <DataTable<T> withTableBorder borderRadius="md" minHeight={200} {...props} />;
}
