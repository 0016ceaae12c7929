import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCadLibrary } from '@portal/contracts/admin-software';
import { uploadLibraryVersion, useInvalidateAdminContent } from '../api/admin-software-api';
import { VersionModal } from './version-modal';
import { VersionUploadForm } from './version-upload-form';

interface NewLibraryVersionModalProps {
  library: AdminCadLibrary | null;
  onClose: () => void;
  onDone: (library: AdminCadLibrary, version: string) => void;
}

export function NewLibraryVersionModal({ library, onClose, onDone }: NewLibraryVersionModalProps) {
  const { t } = useTranslation();
  return (
    <VersionModal subject={library} onClose={onClose} title={t('adminSoftware.newLibraryVersion.title', { name: library?.name ?? '' })}>
      {(shown) => <NewLibraryVersionForm library={shown} onClose={onClose} onDone={onDone} />}
    </VersionModal>
  );
}

/** A new release of a partner CAD library: its files, version, release date and notes (followers of the library are told). */
function NewLibraryVersionForm({ library, onClose, onDone }: { library: AdminCadLibrary } & Omit<NewLibraryVersionModalProps, 'library'>) {
  const { t } = useTranslation();
  const invalidate = useInvalidateAdminContent();
  const [notes, setNotes] = useState('');

  return (
    <VersionUploadForm
      onClose={onClose}
      send={({ version, releaseDate }, files, onProgress) => uploadLibraryVersion(library.id, { version, releaseDate, notes }, files, onProgress)}
      onSent={async (version) => {
        await invalidate.libraries();
        onDone(library, version);
      }}
    >
      {() => <Textarea label={t('adminSoftware.fields.notes')} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} rows={3} maxLength={5000} />}
    </VersionUploadForm>
  );
}
