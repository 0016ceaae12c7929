import { Alert, Button, Group, List, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackLimits, feedbackStatusBodySchema, feedbackStatuses, type FeedbackItem, type FeedbackStatus } from '@portal/contracts/feedback';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { useChangeFeedbackStatus } from '../api/feedback-api';

interface FeedbackStatusModalProps {
  /** The item to change, or null when closed. */
  item: FeedbackItem | null;
  onClose: () => void;
  onDone: (item: FeedbackItem) => void;
}

/** Sets an item's triage status with a note (audited); marking it fixed tells the reader. */
export function FeedbackStatusModal({ item, onClose, onDone }: FeedbackStatusModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? t('feedback.admin.changeStatusOf', { reader: item.reader }) : ''} size="lg">
      {item && <StatusForm key={item.id} item={item} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function StatusForm({ item, onClose, onDone }: { item: FeedbackItem; onClose: () => void; onDone: (item: FeedbackItem) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus>(item.status === 'new' ? 'inProgress' : item.status);
  const [note, setNote] = useState(item.note);
  const [invalid, setInvalid] = useState<string | null>(null);
  const change = useChangeFeedbackStatus();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = feedbackStatusBodySchema.safeParse({ status, note });
    if (!body.success) return setInvalid(body.error.issues.map((issue) => issue.message).join('; '));
    setInvalid(null);
    change.mutate({ id: item.id, body: body.data }, { onSuccess: (saved) => { onDone(saved); onClose(); } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {change.error && (
          <Alert color="red" role="alert" title={t('feedback.admin.saveFailed')}>
            <List size="sm">{refusalText(change.error, t('feedback.admin.saveFailed')).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        )}
        <Select
          label={t('feedback.admin.newStatus')}
          data={feedbackStatuses.map((value) => ({ value, label: t(`feedback.statuses.${value}`) }))}
          value={status}
          onChange={(value) => value && setStatus(value as FeedbackStatus)}
          allowDeselect={false}
          data-testid="feedback-status-select"
        />
        <Textarea
          label={t('feedback.admin.noteLabel')}
          description={t('feedback.admin.noteHint', { max: feedbackLimits.noteLength })}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={feedbackLimits.noteLength}
          error={invalid}
          data-autofocus
          autosize
          minRows={3}
          maxRows={8}
        />
        {status === 'fixed' && item.status !== 'fixed' && (
          <Text fz="sm" c="dimmed" data-testid="feedback-fixed-hint">
            {t('feedback.admin.fixedTellsReader')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('feedback.admin.cancel')}</Button>
          <Button type="submit" loading={change.isPending}>{t('feedback.admin.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
