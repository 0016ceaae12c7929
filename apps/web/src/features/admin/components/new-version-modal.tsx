import { Checkbox, FileInput, Modal, Progress, Stack, TextInput, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { adminDocumentQueryOptions, invalidateAdminDocuments } from '../api/admin-documents-api';
import { uploadNewVersion } from '../api/upload-document';
import { refusalMessage } from '../utils/error-message';
import { DialogFooter } from './dialog-footer';

/** The label after the current one (A → B, 2 → 3), a starting point the publisher can change. */
export function nextVersionLabel(current: string | undefined): string {
  if (!current) return 'A';
  if (/^[A-Y]$/.test(current)) return String.fromCharCode(current.charCodeAt(0) + 1);
  if (/^\d{1,6}$/.test(current)) return String(Number(current) + 1);
  return '';
}

interface NewVersionModalProps {
  document: AdminDocumentListItem | null;
  onClose: () => void;
  onDone: (title: string) => void;
}

/**
 * A new version of a document: the file, its label, a change note, whether the change is significant (followers
 * are alerted) and, of a translation, the source revision it follows (the one followed so far to start with).
 */
export function NewVersionModal({ document, onClose, onDone }: NewVersionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={document !== null} onClose={onClose} title={t('admin.newVersion.title', { title: document?.title ?? '' })} size="lg">
      {document && <NewVersionForm key={document.id} document={document} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function NewVersionForm({ document, onClose, onDone }: { document: AdminDocumentListItem; onClose: () => void; onDone: (title: string) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState(nextVersionLabel(document.currentVersion?.resourceVersion));
  const [changeNote, setChangeNote] = useState('');
  const [significant, setSignificant] = useState(true);
  // Whether the document is a translation is known once its details are loaded; until then the field waits.
  const { data: details } = useQuery(adminDocumentQueryOptions(document.id));
  const [followsRevision, setFollowsRevision] = useState<string | null>(null);
  const translation = details?.sourceLanguage ? details : null;
  const follows = followsRevision ?? translation?.followsRevision ?? '';
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const source = translation && follows.trim() ? { followsRevision: follows.trim() } : {};
      await uploadNewVersion(document.id, { resourceVersion: label.trim(), changeNote, significant, ...source }, file, setProgress);
      await invalidateAdminDocuments();
      onDone(document.title);
      onClose();
    } catch (cause) {
      setError(refusalMessage(cause, t('admin.errors.uploadFailed')));
      setProgress(null);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <FileInput label={t('admin.newVersion.file')} value={file} onChange={setFile} required clearable leftSection={<IconUpload size={16} aria-hidden="true" />} />
        <TextInput label={t('admin.newVersion.label')} description={t('admin.newVersion.labelHint')} value={label} onChange={(event) => setLabel(event.currentTarget.value)} required maxLength={32} />
        <Textarea label={t('admin.newVersion.changeNote')} value={changeNote} onChange={(event) => setChangeNote(event.currentTarget.value)} autosize minRows={3} maxLength={5000} />
        {translation && (
          <TextInput
            label={t('admin.fields.followsRevision')}
            description={t('admin.fields.followsRevisionHint')}
            value={follows}
            onChange={(event) => setFollowsRevision(event.currentTarget.value)}
            required
            maxLength={32}
            data-testid="new-version-follows"
          />
        )}
        <Checkbox
          label={t('admin.newVersion.significant')}
          description={t('admin.newVersion.significantHint')}
          checked={significant}
          onChange={(event) => setSignificant(event.currentTarget.checked)}
        />
        {progress !== null && <Progress value={progress * 100} aria-label={t('admin.upload.progress', { name: file?.name ?? '' })} />}
        <DialogFooter error={error} onCancel={onClose} submitLabel={t('admin.newVersion.submit')} submitDisabled={!file || !label.trim() || (translation !== null && !follows.trim())} saving={progress !== null} />
      </Stack>
    </form>
  );
}
