import { Alert, Button, Group, Loader, Pagination, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackStatuses, feedbackSubjectKinds, type FeedbackItem, type FeedbackStatus, type FeedbackSubjectKind } from '@portal/contracts/feedback';
import { PageFrame } from '../../../components/layouts/page-frame';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { feedbackQueryOptions } from '../api/feedback-api';
import { useFeedbackView } from '../hooks/use-feedback-view';
import { FeedbackStatusModal } from './feedback-status-modal';
import { FeedbackSubjectGroup } from './feedback-subject-group';

const pageSize = 50;

/** The page's items in runs of one subject each, in the order the API sent them (the most open first). */
function bySubject(items: readonly FeedbackItem[]): FeedbackItem[][] {
  const groups = new Map<string, FeedbackItem[]>();
  for (const item of items) {
    const key = `${item.subject.kind}:${item.subject.id}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/** /admin/feedback: readers' "Was this helpful?" answers, per subject, to triage (publishers and admins). */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [view, update] = useFeedbackView();
  const feedback = useQuery(feedbackQueryOptions({ ...view, pageSize }));
  const [target, setTarget] = useState<FeedbackItem | null>(null);
  const data = feedback.data;
  const groups = data ? bySubject(data.items) : [];
  const subjectTitle = view.subjectId ? (data?.items[0]?.subject.title ?? view.subjectId) : null;

  return (
    <PageFrame title={t('feedback.admin.title')} description={t('feedback.admin.description')}>
      <Group align="flex-end" wrap="wrap" gap="md">
        <div>
          <Text component="span" id="feedback-status-filter" fz="sm" fw={500} display="block" mb={4}>
            {t('feedback.admin.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="feedback-status-filter"
            value={view.status ?? 'all'}
            onChange={(value) => update({ status: value === 'all' ? null : (value as FeedbackStatus) })}
            data={[{ value: 'all', label: t('feedback.admin.all') }, ...feedbackStatuses.map((status) => ({ value: status, label: t(`feedback.statuses.${status}`) }))]}
          />
        </div>
        <Select
          label={t('feedback.admin.kindFilter')}
          w={180}
          value={view.subjectKind ?? 'all'}
          allowDeselect={false}
          onChange={(value) => update({ subjectKind: !value || value === 'all' ? null : (value as FeedbackSubjectKind), subjectId: null })}
          data={[{ value: 'all', label: t('feedback.admin.all') }, ...feedbackSubjectKinds.map((kind) => ({ value: kind, label: t(`feedback.kinds.${kind}`) }))]}
        />
        {subjectTitle && (
          <Group gap="xs" mb={4}>
            <Text fz="sm" fw={500} data-testid="feedback-subject-filter">{t('feedback.admin.subjectFilter', { title: subjectTitle })}</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => update({ subjectId: null, subjectKind: null })}>
              {t('feedback.admin.clearSubject')}
            </Button>
          </Group>
        )}
      </Group>
      {feedback.isError && (
        <Alert color="red" role="alert">
          {refusalText(feedback.error, t('feedback.admin.loadFailed')).join(' ')}
        </Alert>
      )}
      {feedback.isPending && <Loader aria-label={t('feedback.admin.title')} />}
      {data && data.items.length === 0 && (
        <Text c="dimmed" data-testid="feedback-empty">{t('feedback.admin.empty')}</Text>
      )}
      <Stack gap="md" aria-busy={feedback.isPlaceholderData || undefined}>
        {groups.map((items) => (
          <FeedbackSubjectGroup
            key={`${items[0]!.subject.kind}:${items[0]!.subject.id}`}
            items={items}
            summary={data?.subjects.find((subject) => subject.kind === items[0]!.subject.kind && subject.id === items[0]!.subject.id)}
            onChangeStatus={setTarget}
          />
        ))}
      </Stack>
      {data && data.total > pageSize && (
        <Pagination total={Math.ceil(data.total / pageSize)} value={view.page} onChange={(page) => update({ page })} />
      )}
      <FeedbackStatusModal
        item={target}
        onClose={() => setTarget(null)}
        onDone={(item) => notifications.show({ color: 'green', message: t('feedback.admin.saved', { status: t(`feedback.statuses.${item.status}`) }) })}
      />
    </PageFrame>
  );
}
