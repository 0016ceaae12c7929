import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../../lib/api-client/api-client';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { refusedFileName } from '../utils/version-files';

interface Refusal {
  lines: string[];
  /** The file the refusal names, shown beside it as well. */
  file: { name: string; message: string } | null;
}

/** One upload of a version's files: its progress, and the server's refusal with the file it names. */
export function useVersionUpload() {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  /** Sends, and answers whether the server took the version. */
  const run = async (files: readonly File[], send: (onProgress: UploadProgress) => Promise<unknown>): Promise<boolean> => {
    setRefusal(null);
    setProgress(0);
    try {
      await send(setProgress);
      return true;
    } catch (error) {
      const lines = refusalText(error, t('adminSoftware.errors.uploadFailed'));
      const name = refusedFileName(lines.join(' '), files);
      setRefusal({ lines, file: name ? { name, message: lines[0]! } : null });
      return false;
    } finally {
      setProgress(null);
    }
  };

  return { progress, refusal, uploading: progress !== null, run };
}
