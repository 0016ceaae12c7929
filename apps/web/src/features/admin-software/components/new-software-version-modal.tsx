import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import type { SoftwareStatus } from '@portal/contracts/software';
import { uploadSoftwareVersion, useInvalidateAdminContent } from '../api/admin-software-api';
import { useVersionFiles } from '../hooks/use-version-files';
import { useVersionUpload } from '../hooks/use-version-upload';
import { accessRules, everyone, type AudienceChoice } from '../utils/audience';
import { softwareStatuses, today } from '../utils/software-status';
import { AudienceFields } from './audience-fields';
import { ReleaseNotesSelect } from './release-notes-select';
import { UploadFooter } from './upload-footer';
import { VersionFilesField } from './version-files-field';
import { VersionIdentityFields } from './version-identity-fields';

interface NewSoftwareVersionModalProps {
  item: AdminSoftwareItem | null;
  onClose: () => void;
  onDone: (item: AdminSoftwareItem, version: string) => void;
}

export function NewSoftwareVersionModal({ item, onClose, onDone }: NewSoftwareVersionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('adminSoftware.newVersion.title', { name: item?.name ?? '' })} size="xl">
      {item && <NewSoftwareVersionForm key={item.id} item={item} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

/** A new version: its files, number, release date, status, audience, release notes document and change note. */
function NewSoftwareVersionForm({ item, onClose, onDone }: { item: AdminSoftwareItem } & Omit<NewSoftwareVersionModalProps, 'item'>) {
  const { t } = useTranslation();
  const files = useVersionFiles();
  const upload = useVersionUpload();
  const invalidate = useInvalidateAdminContent();
  const [versionNumber, setVersionNumber] = useState('');
  const [releaseDate, setReleaseDate] = useState(today());
  const [status, setStatus] = useState<SoftwareStatus>('current');
  const [audience, setAudience] = useState<AudienceChoice>(everyone);
  const [releaseNotesDocumentId, setReleaseNotes] = useState<string | null>(null);
  const [changeNote, setChangeNote] = useState('');
  const ready = files.sendable !== null && files.sendable.length > 0 && versionNumber.trim() !== '' && releaseDate !== '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = files.sendable;
    if (!chosen || !ready) return;
    const metadata = { versionNumber: versionNumber.trim(), releaseDate, status, audience: audience.audience, access: accessRules(audience), releaseNotesDocumentId, changeNote };
    if (await upload.run(chosen, (onProgress) => uploadSoftwareVersion(item.id, metadata, chosen, onProgress))) {
      await invalidate.software();
      onDone(item, metadata.versionNumber);
      onClose();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <VersionFilesField files={files.files} onAdd={files.add} onRemove={files.remove} refused={upload.refusal?.file ?? null} disabled={upload.uploading} />
        <VersionIdentityFields version={versionNumber} onVersion={setVersionNumber} releaseDate={releaseDate} onReleaseDate={setReleaseDate}>
          <Select
            label={t('adminSoftware.fields.status')}
            description={t('adminSoftware.fields.statusHint')}
            data={softwareStatuses.map((value) => ({ value, label: t(`software.status.${value}`) }))}
            value={status}
            onChange={(value) => value && setStatus(value as SoftwareStatus)}
            allowDeselect={false}
            miw={160}
          />
        </VersionIdentityFields>
        <AudienceFields value={audience} onChange={setAudience} disabled={upload.uploading} />
        <ReleaseNotesSelect value={releaseNotesDocumentId} onChange={setReleaseNotes} disabled={upload.uploading} />
        <Textarea
          label={t('adminSoftware.fields.changeNote')}
          description={t('adminSoftware.fields.changeNoteHint')}
          value={changeNote}
          onChange={(event) => setChangeNote(event.currentTarget.value)}
          rows={3}
          maxLength={5000}
        />
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
