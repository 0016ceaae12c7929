import { Select, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import type { SoftwareStatus } from '@portal/contracts/software';
import { uploadSoftwareVersion, useInvalidateAdminContent } from '../api/admin-software-api';
import { accessRules, everyone, type AudienceChoice } from '../utils/audience';
import { softwareStatuses } from '../utils/software-status';
import { AudienceFields } from './audience-fields';
import { ReleaseNotesSelect } from './release-notes-select';
import { VersionModal } from './version-modal';
import { VersionUploadForm } from './version-upload-form';

interface NewSoftwareVersionModalProps {
  item: AdminSoftwareItem | null;
  onClose: () => void;
  onDone: (item: AdminSoftwareItem, version: string) => void;
}

export function NewSoftwareVersionModal({ item, onClose, onDone }: NewSoftwareVersionModalProps) {
  const { t } = useTranslation();
  return (
    <VersionModal subject={item} onClose={onClose} title={t('adminSoftware.newVersion.title', { name: item?.name ?? '' })}>
      {(shown) => <NewSoftwareVersionForm item={shown} onClose={onClose} onDone={onDone} />}
    </VersionModal>
  );
}

/** A new version: its files, number, release date, status, audience, release notes document and change note. */
function NewSoftwareVersionForm({ item, onClose, onDone }: { item: AdminSoftwareItem } & Omit<NewSoftwareVersionModalProps, 'item'>) {
  const { t } = useTranslation();
  const invalidate = useInvalidateAdminContent();
  const [status, setStatus] = useState<SoftwareStatus>('current');
  const [audience, setAudience] = useState<AudienceChoice>(everyone);
  const [releaseNotesDocumentId, setReleaseNotes] = useState<string | null>(null);
  const [changeNote, setChangeNote] = useState('');

  const statusField = (
    <Select
      label={t('adminSoftware.fields.status')}
      description={t('adminSoftware.fields.statusHint')}
      data={softwareStatuses.map((value) => ({ value, label: t(`software.status.${value}`) }))}
      value={status}
      onChange={(value) => value && setStatus(value as SoftwareStatus)}
      allowDeselect={false}
      miw={160}
    />
  );

  return (
    <VersionUploadForm
      onClose={onClose}
      identityExtra={statusField}
      send={({ version, releaseDate }, files, onProgress) =>
        uploadSoftwareVersion(item.id, { versionNumber: version, releaseDate, status, audience: audience.audience, access: accessRules(audience), releaseNotesDocumentId, changeNote }, files, onProgress)
      }
      onSent={async (version) => {
        await invalidate.software();
        onDone(item, version);
      }}
    >
      {(uploading) => (
        <>
          <AudienceFields value={audience} onChange={setAudience} disabled={uploading} />
          <ReleaseNotesSelect value={releaseNotesDocumentId} onChange={setReleaseNotes} disabled={uploading} />
          <Textarea
            label={t('adminSoftware.fields.changeNote')}
            description={t('adminSoftware.fields.changeNoteHint')}
            value={changeNote}
            onChange={(event) => setChangeNote(event.currentTarget.value)}
            rows={3}
            maxLength={5000}
          />
        </>
      )}
    </VersionUploadForm>
  );
}
