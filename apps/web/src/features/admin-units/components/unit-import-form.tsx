import { Alert, Button, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportUnits } from '../api/admin-units-api';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { TableHead } from '../../../components/ui/table-head';

/** CSV import of units (POST /api/Admin/units/import): how many were imported and every problem, by line. */
export function UnitImportForm() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportUnits();
  const report = importing.data;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (file) importing.mutate(file);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="unit-import-title">
      <Title order={2} fz="h3" id="unit-import-title">{t('adminUnits.import.title')}</Title>
      <Text fz="sm" c="dimmed">{t('adminUnits.import.description')}</Text>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <FileInput
            label={t('adminUnits.import.file')}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            value={file}
            onChange={setFile}
            clearable
            w={320}
          />
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!file} loading={importing.isPending}>
            {t('adminUnits.import.submit')}
          </Button>
        </Group>
      </form>
      {importing.error && (
        <Alert color="red" role="alert">
          {refusalText(importing.error, t('adminUnits.errors.importFailed')).join(' ')}
        </Alert>
      )}
      {report && (
        <Alert color={report.problems.length > 0 ? 'yellow' : 'green'} role="status" title={t('adminUnits.import.imported', { count: report.imported })}>
          {report.problems.length === 0 ? (
            t('adminUnits.import.noProblems')
          ) : (
            <Table fz="sm" aria-label={t('adminUnits.import.problems', { count: report.problems.length })}>
              <TableHead headers={[t('adminUnits.import.line'), t('adminUnits.columns.serial'), t('adminUnits.import.problem')]} />
              <Table.Tbody>
                {report.problems.map((problem, index) => (
                  <Table.Tr key={`${problem.line}-${index}`}>
                    <Table.Td>{problem.line}</Table.Td>
                    <Table.Td>{problem.serialNumber}</Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Alert>
      )}
    </Stack>
  );
}
