import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/local-date-time';
import { invalidateAdminDocuments, schedulePublication } from '../api/admin-documents-api';
import { refusalMessage } from '../utils/error-message';
import { DialogFooter } from './dialog-footer';

/** The next full hour at least 30 minutes from now: a sensible first proposal. */
function nextFullHour(now = new Date()): string {
  const date = new Date(now.getTime() + 90 * 60_000);
  date.setMinutes(0, 0, 0);
  return date.toISOString();
}

interface SchedulePublicationModalProps {
  document: AdminDocumentListItem | null;
  onClose: () => void;
  onDone: (title: string, at: string) => void;
}

/** "Publish at…": the document stays hidden from readers until the chosen local time, then a job publishes it. */
export function SchedulePublicationModal({ document, onClose, onDone }: SchedulePublicationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={document !== null} onClose={onClose} title={t('admin.schedule.title', { title: document?.title ?? '' })}>
      {document && <ScheduleForm key={document.id} document={document} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ScheduleForm({ document, onClose, onDone }: { document: AdminDocumentListItem; onClose: () => void; onDone: (title: string, at: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(toLocalInputValue(document.scheduledAt ?? nextFullHour()));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const at = fromLocalInputValue(value);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!at) return;
    if (Date.parse(at) <= Date.now()) return setError(t('admin.schedule.past'));
    setSaving(true);
    setError(null);
    try {
      await schedulePublication(document.id, at);
      await invalidateAdminDocuments();
      onDone(document.title, at);
      onClose();
    } catch (cause) {
      setError(refusalMessage(cause, t('admin.errors.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('admin.schedule.hint')}
        </Text>
        <TextInput
          type="datetime-local"
          label={t('admin.schedule.at')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          required
          data-autofocus
        />
        <DialogFooter error={error} onCancel={onClose} submitLabel={t('admin.schedule.submit')} submitDisabled={!at} saving={saving} />
      </Stack>
    </form>
  );
}
