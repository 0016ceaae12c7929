import { Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCadLibrary } from '@portal/contracts/admin-software';
import { uploadLibraryVersion, useInvalidateAdminContent } from '../api/admin-software-api';
import { useVersionFiles } from '../hooks/use-version-files';
import { useVersionUpload } from '../hooks/use-version-upload';
import { today } from '../utils/software-status';
import { UploadFooter } from './upload-footer';
import { VersionFilesField } from './version-files-field';
import { VersionIdentityFields } from './version-identity-fields';

interface NewLibraryVersionModalProps {
  library: AdminCadLibrary | null;
  onClose: () => void;
  onDone: (library: AdminCadLibrary, version: string) => void;
}

export function NewLibraryVersionModal({ library, onClose, onDone }: NewLibraryVersionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={library !== null} onClose={onClose} title={t('adminSoftware.newLibraryVersion.title', { name: library?.name ?? '' })} size="xl">
      {library && <NewLibraryVersionForm key={library.id} library={library} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

/** A new release of a partner CAD library: its files, version, release date and notes (followers of the library are told). */
function NewLibraryVersionForm({ library, onClose, onDone }: { library: AdminCadLibrary } & Omit<NewLibraryVersionModalProps, 'library'>) {
  const { t } = useTranslation();
  const files = useVersionFiles();
  const upload = useVersionUpload();
  const invalidate = useInvalidateAdminContent();
  const [version, setVersion] = useState('');
  const [releaseDate, setReleaseDate] = useState(today());
  const [notes, setNotes] = useState('');
  const ready = files.sendable !== null && files.sendable.length > 0 && version.trim() !== '' && releaseDate !== '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = files.sendable;
    if (!chosen || !ready) return;
    const metadata = { version: version.trim(), releaseDate, notes };
    if (await upload.run(chosen, (onProgress) => uploadLibraryVersion(library.id, metadata, chosen, onProgress))) {
      await invalidate.libraries();
      onDone(library, metadata.version);
      onClose();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <VersionFilesField files={files.files} onAdd={files.add} onRemove={files.remove} refused={upload.refusal?.file ?? null} disabled={upload.uploading} />
        <VersionIdentityFields version={version} onVersion={setVersion} releaseDate={releaseDate} onReleaseDate={setReleaseDate} />
        <Textarea label={t('adminSoftware.fields.notes')} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} rows={3} maxLength={5000} />
        <UploadFooter
          progress={upload.progress}
          errorLines={upload.refusal?.lines ?? null}
          onCancel={onClose}
          submitLabel={t('adminSoftware.newVersion.submit', { count: files.files.length })}
          submitDisabled={!ready || upload.uploading}
        />
      </Stack>
    </form>
  );
}
