import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../../lib/api-client/api-client';
import { useVersionFiles } from '../hooks/use-version-files';
import { useVersionUpload } from '../hooks/use-version-upload';
import { today } from '../utils/software-status';
import { UploadFooter } from './upload-footer';
import { VersionFilesField } from './version-files-field';
import { VersionIdentityFields } from './version-identity-fields';

/** The version number (trimmed) and release date the form asked for. */
export interface VersionIdentity {
  version: string;
  releaseDate: string;
}

interface VersionUploadFormProps {
  /** Sends the files with the identity and whatever else the caller's fields hold. */
  send: (identity: VersionIdentity, files: readonly File[], onProgress: UploadProgress) => Promise<unknown>;
  /** After the server took the version, before the dialog closes (refresh lists, tell the page). */
  onSent: (version: string) => Promise<void>;
  onClose: () => void;
  /** More fields on the version number's row (a software version's status). */
  identityExtra?: ReactNode;
  /** The fields between the identity and the footer; told whether the upload is under way. */
  children: (uploading: boolean) => ReactNode;
}

/** A new software or library version: its files, number and release date, the caller's own fields, then the upload. */
export function VersionUploadForm({ send, onSent, onClose, identityExtra, children }: VersionUploadFormProps) {
  const { t } = useTranslation();
  const files = useVersionFiles();
  const upload = useVersionUpload();
  const [version, setVersion] = useState('');
  const [releaseDate, setReleaseDate] = useState(today());
  const ready = files.sendable !== null && files.sendable.length > 0 && version.trim() !== '' && releaseDate !== '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = files.sendable;
    if (!chosen || !ready) return;
    const identity = { version: version.trim(), releaseDate };
    if (await upload.run(chosen, (onProgress) => send(identity, chosen, onProgress))) {
      await onSent(identity.version);
      onClose();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <VersionFilesField files={files.files} onAdd={files.add} onRemove={files.remove} refused={upload.refusal?.file ?? null} disabled={upload.uploading} />
        <VersionIdentityFields version={version} onVersion={setVersion} releaseDate={releaseDate} onReleaseDate={setReleaseDate}>
          {identityExtra}
        </VersionIdentityFields>
        {children(upload.uploading)}
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
