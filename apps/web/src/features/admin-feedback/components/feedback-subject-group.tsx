import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeedbackItem, FeedbackStatus, FeedbackSubjectSummary } from '@portal/contracts/feedback';
import { formatDateTime } from '../../../lib/dates';

const statusColors: Record<FeedbackStatus, string> = { new: 'blue', inProgress: 'yellow', fixed: 'green', dismissed: 'gray' };

/** Where staff open the subject: the reader's page of it. */
function subjectLink(subject: FeedbackItem['subject']): string {
  if (subject.kind === 'software') return `/software/${encodeURIComponent(subject.key)}`;
  if (subject.kind === 'unit') return `/units/${encodeURIComponent(subject.key)}`;
  return `/DocumentLink/${encodeURIComponent(subject.versionLabel ? `${subject.key}-${subject.versionLabel}` : subject.key)}`;
}

interface FeedbackSubjectGroupProps {
  summary: FeedbackSubjectSummary | undefined;
  items: FeedbackItem[];
  onChangeStatus: (item: FeedbackItem) => void;
}

/** One subject's part of the queue: its title, counts and helpful share, then each answer with its status and note. */
export function FeedbackSubjectGroup({ summary, items, onChangeStatus }: FeedbackSubjectGroupProps) {
  const { t, i18n } = useTranslation();
  const first = items[0]!;
  const answers = summary ? summary.helpful + summary.notHelpful : 0;
  return (
    <Card component="section" withBorder radius="md" padding="md" aria-label={first.subject.title} data-testid="feedback-subject">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="gray" tt="none">{t(`feedback.kinds.${first.subject.kind}`)}</Badge>
            <Title order={2} fz="md">
              <Anchor component={Link} to={subjectLink(first.subject)}>{first.subject.title}</Anchor>
            </Title>
          </Group>
          {summary && (
            <Group gap="sm" fz="sm">
              <Text fz="sm" fw={600} data-testid="feedback-subject-open">{t('feedback.admin.open', { count: summary.open })}</Text>
              <Text fz="sm" c="dimmed" data-testid="feedback-subject-answers">
                {t('feedback.admin.answers', { helpful: summary.helpful, notHelpful: summary.notHelpful })}
                {answers > 0 && ` · ${t('feedback.documentsShare', { share: Math.round((summary.helpful / answers) * 100) })}`}
              </Text>
            </Group>
          )}
        </Group>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Card component="li" key={item.id} withBorder radius="sm" padding="sm" data-testid="feedback-item" data-status={item.status}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={4} miw={0}>
                  <Group gap={6} wrap="wrap">
                    <Badge color={item.helpful ? 'green' : 'red'} variant="light" tt="none">
                      {item.helpful ? t('feedback.admin.helpfulYes') : t(`feedback.reasons.${item.reason ?? 'incorrect'}`)}
                    </Badge>
                    <Badge color={statusColors[item.status]} tt="none">{t(`feedback.statuses.${item.status}`)}</Badge>
                    {item.subject.versionLabel && <Text fz="xs" c="dimmed">{t('feedback.admin.version', { version: item.subject.versionLabel })}</Text>}
                  </Group>
                  <Text fz="sm" c={item.comment ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {item.comment || t('feedback.admin.noComment')}
                  </Text>
                  {item.note && (
                    <Text fz="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                      {t('feedback.admin.note', { note: item.note })}
                    </Text>
                  )}
                  <Text fz="xs" c="dimmed">
                    {t('feedback.admin.from', { reader: item.reader, date: formatDateTime(item.createdAt, i18n.language) })}
                    {item.language ? ` · ${item.language.toUpperCase()}` : ''}
                  </Text>
                </Stack>
                <Button size="compact-sm" variant="default" onClick={() => onChangeStatus(item)} aria-label={t('feedback.admin.changeStatusOf', { reader: item.reader })}>
                  {t('feedback.admin.changeStatus')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
