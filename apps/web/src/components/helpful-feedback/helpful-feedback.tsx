import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackSubject } from '@portal/contracts/feedback';
import { feedbackLimits, feedbackReasons, type FeedbackReason } from '@portal/contracts/feedback-values';
import { ApiError } from '../../lib/api-client/api-error';
import { useSendFeedback } from './feedback-api';

export interface HelpfulFeedbackProps {
  subject: FeedbackSubject;
  /** Tighter spacing where it sits in a strip (the viewer's footer). */
  compact?: boolean;
}

const subjectKey = (subject: FeedbackSubject) =>
  subject.kind === 'document' ? `document:${subject.documentId}:${subject.versionId ?? ''}` : subject.kind === 'software' ? `software:${subject.equipmentName}` : `unit:${subject.serial}`;

/**
 * "Was this helpful?": yes at once, or no with one of five reasons and an optional comment (plain text). A toast
 * confirms it was sent; the widget then thanks the reader until the subject changes.
 */
export function HelpfulFeedback({ subject, compact = false }: HelpfulFeedbackProps) {
  const { t } = useTranslation();
  const send = useSendFeedback();
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<FeedbackReason | null>(null);
  const [comment, setComment] = useState('');
  const questionId = useId();
  const key = subjectKey(subject);
  const answered = answeredFor === key;
  const error = send.error instanceof ApiError ? (send.error.serverMessage ?? send.error.message) : send.error ? String(send.error) : null;

  const submit = (helpful: boolean) =>
    send.mutate(helpful ? { subject, helpful } : { subject, helpful, reason: reason ?? undefined, comment: comment.trim() || undefined }, {
      onSuccess: () => {
        setAnsweredFor(key);
        setAsking(false);
        setReason(null);
        setComment('');
        notifications.show({ color: 'green', title: t('feedback.widget.toastTitle'), message: t('feedback.widget.toast') });
      },
    });
  const closeForm = () => {
    setAsking(false);
    send.reset();
  };

  if (answered) {
    return (
      <Text fz="sm" c="dimmed" role="status" data-testid="helpful-feedback-thanks">
        {t('feedback.widget.thanks')}
      </Text>
    );
  }

  return (
    <Group gap={compact ? 'xs' : 'sm'} wrap="wrap" role="group" aria-labelledby={questionId} data-testid="helpful-feedback">
      <Text id={questionId} fz="sm" fw={500}>
        {t('feedback.widget.question')}
      </Text>
      <Button size="compact-sm" variant="default" leftSection={<IconThumbUp size={16} aria-hidden />} loading={send.isPending && !asking} onClick={() => submit(true)} data-testid="helpful-yes">
        {t('feedback.widget.yes')}
      </Button>
      <Button size="compact-sm" variant="default" leftSection={<IconThumbDown size={16} aria-hidden />} onClick={() => setAsking(true)} data-testid="helpful-no">
        {t('feedback.widget.no')}
      </Button>
      {error && !asking && (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Modal opened={asking} onClose={closeForm} title={t('feedback.widget.formTitle')} closeOnClickOutside={false}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) submit(false);
          }}
        >
          <Stack gap="sm">
            <Radio.Group label={t('feedback.widget.reasonLabel')} required value={reason} onChange={(value) => setReason(value as FeedbackReason)}>
              <Stack gap={6} mt={6}>
                {feedbackReasons.map((value) => (
                  <Radio key={value} value={value} label={t(`feedback.reasons.${value}`)} data-testid={`helpful-reason-${value}`} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('feedback.widget.commentLabel')}
              description={t('feedback.widget.commentHint', { max: feedbackLimits.commentLength })}
              autosize
              minRows={3}
              maxLength={feedbackLimits.commentLength}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            {error && (
              <Alert color="red" data-testid="helpful-feedback-error">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeForm}>
                {t('feedback.widget.cancel')}
              </Button>
              <Button type="submit" loading={send.isPending} disabled={!reason} data-testid="helpful-send">
                {t('feedback.widget.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
