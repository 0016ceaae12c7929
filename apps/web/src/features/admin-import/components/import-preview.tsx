import { Alert, Badge, Button, Group, List, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreviewBody, ImportPreviewFile, ImportPublicationBody } from '@portal/contracts/admin-import';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { fromLocalInputValue } from '../../../lib/local-date-time';

const actionColors: Record<ImportPreviewFile['action'], string> = { document: 'green', version: 'blue', skip: 'gray', refuse: 'orange' };

/** Files shown at once: a larger import is summed up, the refusals always listed. */
const shownFiles = 200;

type Choice = 'draft' | 'now' | 'at';

/**
 * The dry run's answer before anything is created: each file with what it would become (new document, new version,
 * skipped, refused and why) and the metadata it would come in with; then how the new documents come in (drafts for
 * review by default, published now, or at a time) and the confirmation that sends the import.
 */
export function ImportPreview({ preview, sending, onConfirm, onBack }: { preview: ImportPreviewBody; sending: boolean; onConfirm: (publication: ImportPublicationBody) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>('draft');
  const [at, setAt] = useState('');
  // Whether the time typed has passed, judged when it is typed.
  const [past, setPast] = useState(false);
  const atIso = fromLocalInputValue(at);
  const atError = choice === 'at' && at !== '' && (!atIso || past) ? t('importReview.preview.atPast') : null;
  const changeAt = (value: string) => {
    const iso = fromLocalInputValue(value);
    setAt(value);
    setPast(iso !== null && Date.parse(iso) <= Date.now());
  };
  const importable = preview.summary.documents + preview.summary.versions;
  const ready = importable > 0 && (choice !== 'at' || (atIso !== null && !atError));
  const files = [...preview.files.filter((file) => file.action === 'refuse'), ...preview.files.filter((file) => file.action !== 'refuse')].slice(0, shownFiles);

  const confirm = () => {
    if (choice === 'at') {
      if (atIso) onConfirm({ at: atIso });
    } else onConfirm(choice);
  };

  return (
    <Stack gap="sm" data-testid="import-preview">
      <Title order={3} fz="md">
        {t('importReview.preview.title', { source: preview.source })}
      </Title>
      <Text fz="sm" aria-live="polite">
        {t('importReview.preview.summary', { documents: preview.summary.documents, versions: preview.summary.versions, skipped: preview.summary.skipped, refused: preview.summary.refused })}
      </Text>
      <Text fz="sm" c="dimmed">
        {t('importReview.preview.nothingYet')}
      </Text>
      {preview.created.length > 0 && <Text fz="sm">{t('importReview.preview.created', { codes: preview.created.join(', ') })}</Text>}
      {preview.notImportable.length > 0 && (
        <Alert color="orange" title={t('importReview.preview.notImportable', { count: preview.notImportable.length })}>
          <List fz="sm" size="sm">
            {preview.notImportable.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ScrollTable
        minWidth={760}
        verticalSpacing="xs"
        aria-label={t('importReview.preview.tableLabel')}
        headers={[t('importReview.columns.file'), t('importReview.columns.action'), t('importReview.columns.title'), t('importReview.columns.reference'), t('importReview.columns.type'), t('importReview.columns.language'), t('importReview.columns.products')]}
      >
        {files.map((file) => (
          <Table.Tr key={file.path} data-testid="import-preview-file">
            <Table.Td maw={220}>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.path}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={actionColors[file.action]} variant="light" miw="max-content">
                {t(`importReview.actions.${file.action}`)}
              </Badge>
              {file.reason && (
                <Text fz="xs" mt={4}>
                  {file.reason}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{file.action === 'refuse' ? '' : file.title}</Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" ff="monospace">
                {file.action === 'refuse' ? '' : `${file.serviceRef} ${file.resourceVersion}`}
              </Text>
            </Table.Td>
            <Table.Td>{file.action === 'refuse' ? '' : file.typeCode}</Table.Td>
            <Table.Td>{file.action === 'refuse' ? '' : file.languageCode}</Table.Td>
            <Table.Td>{file.action === 'refuse' ? '' : file.products.join(', ')}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      {preview.files.length > shownFiles && <Text fz="sm" c="dimmed">{t('importReview.preview.more', { count: preview.files.length - shownFiles })}</Text>}
      <Radio.Group label={t('importReview.preview.publication')} value={choice} onChange={(value) => setChoice(value as Choice)}>
        <Stack gap={6} mt={6}>
          <Radio value="draft" label={t('importReview.preview.asDrafts')} />
          <Radio value="now" label={t('importReview.preview.publishNow')} />
          <Radio value="at" label={t('importReview.preview.publishAt')} />
        </Stack>
      </Radio.Group>
      {choice === 'at' && (
        <TextInput type="datetime-local" label={t('importReview.preview.at')} value={at} onChange={(event) => changeAt(event.currentTarget.value)} error={atError} required w={{ base: '100%', xs: 260 }} />
      )}
      <Group justify="end" gap="xs">
        <Button variant="default" onClick={onBack} disabled={sending}>
          {t('importReview.preview.back')}
        </Button>
        <Button onClick={confirm} disabled={!ready} loading={sending}>
          {t(choice === 'draft' ? 'importReview.preview.confirmDrafts' : 'importReview.preview.confirm', { count: importable })}
        </Button>
      </Group>
    </Stack>
  );
}
