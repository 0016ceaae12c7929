import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileZip, IconFolder } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminImportSummary, ImportPreviewBody, ImportPublicationBody } from '@portal/contracts/admin-import';
import { DropZone } from '../../../components/upload/drop-zone';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { formatFileSize } from '../../../lib/download/format';
import { importsQueryKey, previewImport, uploadImport } from '../api/imports-api';
import { selectionOfDrop, selectionOfPicked, type ImportSelection } from '../utils/import-selection';
import { SectionPanel } from '../../../components/ui/section-panel';
import { ImportPreview } from './import-preview';

// Not in React's types: the folder picker of every current browser.
const folderPicker = { webkitdirectory: '', directory: '' } as Record<string, string>;

function SelectionSummary({ selection }: { selection: ImportSelection }) {
  const { t, i18n } = useTranslation();
  const size = formatFileSize(selection.bytes, i18n.language);
  if (selection.kind === 'zip') return <Text fw={500}>{t('adminImport.selection.zip', { name: selection.name, size })}</Text>;
  const count = selection.entries.length;
  return <Text fw={500}>{selection.name ? t('adminImport.selection.folder', { name: selection.name, count, size }) : t('adminImport.selection.files', { count, size })}</Text>;
}

/**
 * Choosing a zip or a folder (picked or dropped), then a dry run: the server unpacks and checks it and says what
 * each file would become, creating nothing. Confirmed (as drafts by default, or published now or at a time), it is
 * sent again as the import; `onAccepted` gets the queued import.
 */
export function ImportUpload({ onAccepted }: { onAccepted: (accepted: AdminImportSummary) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const hintId = useId();
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const sending = useRef<AbortController | null>(null);
  const [selection, setSelection] = useState<ImportSelection | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const [preview, setPreview] = useState<ImportPreviewBody | null>(null);
  const uploading = progress !== null;

  const choose = (next: ImportSelection | null) => {
    setError(next ? null : [t('adminImport.nothingChosen')]);
    if (next) {
      setSelection(next);
      setPreview(null);
    }
  };
  const picked = (input: HTMLInputElement) => {
    choose(selectionOfPicked([...(input.files ?? [])]));
    input.value = '';
  };

  const send = async (publication: ImportPublicationBody | null) => {
    if (!selection) return;
    const controller = new AbortController();
    sending.current = controller;
    setProgress(0);
    setError(null);
    try {
      if (publication === null) {
        setPreview(await previewImport(selection, setProgress, controller.signal));
        return;
      }
      const accepted = await uploadImport(selection, publication, setProgress, controller.signal);
      await client.invalidateQueries({ queryKey: importsQueryKey });
      setSelection(null);
      setPreview(null);
      onAccepted(accepted);
    } catch (caught) {
      if (!(caught instanceof DOMException && caught.name === 'AbortError')) setError(refusalText(caught, t('adminImport.uploadFailed')));
    } finally {
      sending.current = null;
      setProgress(null);
    }
  };

  return (
    <SectionPanel headingId="import-upload-heading" title={t('adminImport.upload.title')}>
      <DropZone
        disabled={uploading}
        hint={t('adminImport.upload.hint')}
        hintId={hintId}
        testId="import-drop-area"
        onDrop={(data) => void selectionOfDrop(data).then(choose, () => setError([t('adminImport.dropFailed')]))}
      >
        <Group justify="center" gap="xs">
          <Button variant="light" leftSection={<IconFileZip size={16} aria-hidden="true" />} onClick={() => zipInput.current?.click()} disabled={uploading} aria-describedby={hintId}>
            {t('adminImport.upload.chooseZip')}
          </Button>
          <Button variant="light" leftSection={<IconFolder size={16} aria-hidden="true" />} onClick={() => folderInput.current?.click()} disabled={uploading} aria-describedby={hintId}>
            {t('adminImport.upload.chooseFolder')}
          </Button>
        </Group>
        <input ref={zipInput} type="file" accept=".zip,application/zip" hidden aria-label={t('adminImport.upload.chooseZip')} data-testid="import-zip-input" onChange={(event) => picked(event.currentTarget)} />
        <input ref={folderInput} type="file" multiple hidden {...folderPicker} aria-label={t('adminImport.upload.chooseFolder')} data-testid="import-folder-input" onChange={(event) => picked(event.currentTarget)} />
      </DropZone>
      <Text fz="sm" c="dimmed">
        {t('adminImport.upload.rules')}
      </Text>
      {selection && !preview && (
        <Group justify="space-between" wrap="wrap" data-testid="import-selection">
          <SelectionSummary selection={selection} />
          <Group gap="xs">
            {uploading ? (
              <Button variant="default" onClick={() => sending.current?.abort()}>
                {t('adminImport.upload.cancel')}
              </Button>
            ) : (
              <Button variant="subtle" onClick={() => setSelection(null)}>
                {t('adminImport.upload.clear')}
              </Button>
            )}
            <Button onClick={() => void send(null)} loading={uploading}>
              {t('importReview.check')}
            </Button>
          </Group>
        </Group>
      )}
      {selection && preview && (
        <ImportPreview
          preview={preview}
          sending={uploading}
          onConfirm={(publication) => void send(publication)}
          onBack={() => setPreview(null)}
        />
      )}
      {uploading && (
        <Stack gap={4} aria-live="polite">
          <Progress value={progress * 100} aria-label={t('adminImport.upload.progress')} />
          <Text fz="sm" c="dimmed">
            {progress < 1 ? t('adminImport.upload.sending', { percent: Math.floor(progress * 100) }) : t('adminImport.upload.unpacking')}
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
    </SectionPanel>
  );
}
