import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/local-date-time';
import { schedulePublication } from '../api/admin-documents-api';
import { useDocumentSave } from '../hooks/use-document-save';
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
  const save = useDocumentSave(onClose);
  const at = fromLocalInputValue(value);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!at) return;
    if (Date.parse(at) <= Date.now()) return save.setError(t('admin.schedule.past'));
    void save.run(
      () => schedulePublication(document.id, at),
      () => onDone(document.title, at),
    );
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
        <DialogFooter error={save.error} onCancel={onClose} submitLabel={t('admin.schedule.submit')} submitDisabled={!at} saving={save.saving} />
      </Stack>
    </form>
  );
}
