import { Alert, Button, Checkbox, Group, List, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueImportReport } from '@portal/contracts/admin-software';
import { DropArea } from '../../../components/upload/drop-area';
import { formatFileSize } from '../../../lib/download/format';
import { importCatalogue } from '../api/admin-software-api';
import { catalogueExtensions, catalogueRefusal, isCatalogueFile } from '../utils/catalogue-file';
import { TableHead } from '../../../components/ui/table-head';

interface Run {
  file: File;
  dryRun: boolean;
  allowRemovals: boolean;
}

/**
 * The configurator's catalogue from a JSON or CSV file: checked first (a dry run that lists every
 * problem, or what would change), then imported, which replaces the whole catalogue.
 */
export function CatalogueImportPanel() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusedFile, setRefusedFile] = useState<string | null>(null);
  const [allowRemovals, setAllowRemovals] = useState(false);
  const run = useMutation({ mutationFn: ({ file: chosen, dryRun, allowRemovals: removals }: Run) => importCatalogue(chosen, dryRun, removals) });
  // Importing needs a passed check of this very file with these very options.
  const checked = run.isSuccess && run.variables.dryRun && run.variables.file === file && run.variables.allowRemovals === allowRemovals;

  const choose = ([chosen]: File[]) => {
    run.reset();
    if (chosen && !isCatalogueFile(chosen)) {
      setFile(null);
      setRefusedFile(chosen.name);
      return;
    }
    setRefusedFile(null);
    setFile(chosen ?? null);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {t('adminSoftware.catalogue.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('adminSoftware.catalogue.description')}
          </Text>
        </div>
        <DropArea onFiles={choose} multiple={false} accept={catalogueExtensions.join(',')} hint={t('adminSoftware.catalogue.dropHint')} chooseLabel={t('adminSoftware.catalogue.choose')} disabled={run.isPending} />
        {refusedFile && (
          <Alert color="red" role="alert">
            {t('adminSoftware.catalogue.wrongType', { name: refusedFile })}
          </Alert>
        )}
        {file && (
          <Group gap="xs" wrap="nowrap" data-testid="catalogue-file">
            <IconFileText size={18} aria-hidden />
            <Text fz="sm" truncate>
              {file.name} <Text span fz="xs" c="dimmed">({formatFileSize(file.size, i18n.language)})</Text>
            </Text>
          </Group>
        )}
        <Checkbox
          label={t('adminSoftware.catalogue.allowRemovals')}
          description={t('adminSoftware.catalogue.allowRemovalsHint')}
          checked={allowRemovals}
          onChange={(event) => setAllowRemovals(event.currentTarget.checked)}
          disabled={run.isPending}
        />
        <Group justify="end" wrap="wrap">
          <Button variant="light" disabled={!file} loading={run.isPending && run.variables.dryRun} onClick={() => file && run.mutate({ file, dryRun: true, allowRemovals })}>
            {t('adminSoftware.catalogue.check')}
          </Button>
          <Button disabled={!file || !checked} loading={run.isPending && !run.variables.dryRun} onClick={() => file && run.mutate({ file, dryRun: false, allowRemovals })}>
            {t('adminSoftware.catalogue.import')}
          </Button>
        </Group>
        {run.isError && <CatalogueProblems error={run.error} />}
        {run.isSuccess && <CatalogueReport report={run.data} />}
      </Stack>
    </Paper>
  );
}

/** Every problem the server found, each with its row or path. */
function CatalogueProblems({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { message, problems } = catalogueRefusal(error, t('adminSoftware.catalogue.failed'));
  return (
    <Alert color="red" role="alert" title={problems.length > 0 ? t('adminSoftware.catalogue.problems', { count: problems.length }) : message} data-testid="catalogue-problems">
      {problems.length > 0 && (
        <Stack gap="xs">
          <Text fz="sm">{message}</Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Table fz="sm" verticalSpacing={2} aria-label={t('adminSoftware.catalogue.problemList')}>
              <TableHead headers={[t('adminSoftware.catalogue.where'), t('adminSoftware.catalogue.reason')]} />
              <Table.Tbody>
                {problems.map((problem, index) => (
                  <Table.Tr key={index} data-testid="catalogue-problem">
                    <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {problem.path || '—'}
                    </Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Alert>
  );
}

/** What the check found or the import did: the counts, and the families and models added or removed. */
function CatalogueReport({ report }: { report: CatalogueImportReport }) {
  const { t } = useTranslation();
  const changes = [
    { key: 'addedFamilies', codes: report.added.families },
    { key: 'addedModels', codes: report.added.models },
    { key: 'removedFamilies', codes: report.removed.families },
    { key: 'removedModels', codes: report.removed.models },
  ].filter((change) => change.codes.length > 0);
  return (
    <Alert color={report.applied ? 'green' : 'blue'} role="status" title={t(report.applied ? 'adminSoftware.catalogue.imported' : 'adminSoftware.catalogue.checked')} data-testid="catalogue-report">
      <Stack gap={4}>
        <Text fz="sm">{t('adminSoftware.catalogue.counts', report.counts)}</Text>
        {changes.length > 0 && (
          <List size="sm">
            {changes.map((change) => (
              <List.Item key={change.key}>
                {t(`adminSoftware.catalogue.${change.key}`, { count: change.codes.length })}: {change.codes.join(', ')}
              </List.Item>
            ))}
          </List>
        )}
        {report.removedCadFiles > 0 && <Text fz="sm">{t('adminSoftware.catalogue.removedCadFiles', { count: report.removedCadFiles })}</Text>}
        {!report.applied && <Text fz="sm">{t('adminSoftware.catalogue.readyToImport')}</Text>}
      </Stack>
    </Alert>
  );
}
