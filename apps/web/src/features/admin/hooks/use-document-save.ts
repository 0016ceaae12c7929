import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAdminDocuments } from '../api/admin-documents-api';
import { refusalMessage } from '../utils/error-message';

/**
 * The save of a console dialog that changes one document: while it runs, `saving`; once the server
 * took it, the lists are refreshed, `done` gets the answer and the dialog closes; a refusal stays
 * in `error`, with the dialog open.
 */
export function useDocumentSave(onClose: () => void) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async <Result>(save: () => Promise<Result>, done: (result: Result) => void) => {
    setSaving(true);
    setError(null);
    try {
      const result = await save();
      await invalidateAdminDocuments();
      done(result);
      onClose();
    } catch (cause) {
      setError(refusalMessage(cause, t('admin.errors.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return { saving, error, setError, run };
}
