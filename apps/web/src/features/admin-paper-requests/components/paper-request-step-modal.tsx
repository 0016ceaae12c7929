import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperRequestStatusBodySchema, type PaperRequest, type PaperRequestStatusBody } from '@portal/contracts/paper-requests';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { useAdvancePaperRequest } from '../api/paper-requests-api';

/** The longest note the contract takes (its schema checks it again before sending; a test keeps the two equal). */
export const paperRequestNoteMax = 1000;

export type PaperRequestStep = PaperRequestStatusBody['state'];

interface StepModalProps {
  /** The request and the step to record, or null when closed. */
  target: { request: PaperRequest; step: PaperRequestStep } | null;
  onClose: () => void;
  onDone: (request: PaperRequest) => void;
}

/** Records the next step of a request (printed, then shipped) with a note, e.g. the carrier and tracking number. */
export function PaperRequestStepModal({ target, onClose, onDone }: StepModalProps) {
  const { t } = useTranslation();
  const title = target ? t(`adminPaperRequests.step.${target.step}Title`, { serial: target.request.serialNumber }) : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg">
      {target && <StepForm key={`${target.request.id}-${target.step}`} request={target.request} step={target.step} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function StepForm({ request, step, onClose, onDone }: { request: PaperRequest; step: PaperRequestStep; onClose: () => void; onDone: (request: PaperRequest) => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const advance = useAdvancePaperRequest();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = paperRequestStatusBodySchema.safeParse({ state: step, note });
    if (!body.success) return setInvalid(body.error.issues.map((issue) => issue.message).join('; '));
    setInvalid(null);
    advance.mutate({ id: request.id, body: body.data }, { onSuccess: (saved) => { onDone(saved); onClose(); } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {advance.error && (
          <Alert color="red" role="alert" title={t('adminPaperRequests.errors.stepFailed')}>
            <List size="sm">{refusalText(advance.error, t('adminPaperRequests.errors.stepFailedFallback')).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        )}
        <div>
          <Text fz="sm" fw={600}>{t('adminPaperRequests.step.sendTo')}</Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="paper-request-address">{request.postalAddress}</Text>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{request.contact}</Text>
        </div>
        <Textarea
          label={t('adminPaperRequests.step.note')}
          description={t(`adminPaperRequests.step.${step}Hint`, { max: paperRequestNoteMax })}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={paperRequestNoteMax}
          data-autofocus
          error={invalid && t('adminPaperRequests.step.noteInvalid', { reason: invalid })}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Text fz="xs" c="dimmed" ta="right">{t('adminPaperRequests.step.noteLength', { count: note.length, max: paperRequestNoteMax })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('adminPaperRequests.cancel')}</Button>
          <Button type="submit" loading={advance.isPending}>{t(`adminPaperRequests.step.${step}Submit`)}</Button>
        </Group>
      </Stack>
    </form>
  );
}
