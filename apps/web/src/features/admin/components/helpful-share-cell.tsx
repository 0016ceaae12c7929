import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HelpfulShare } from '@portal/contracts/feedback';

/** A document's share of "yes" answers, linked to its feedback queue; a dash until a reader answered. */
export function HelpfulShareCell({ documentId, share }: { documentId: string; share: HelpfulShare | undefined }) {
  const { t } = useTranslation();
  if (!share || share.share === null) {
    return (
      <Text fz="sm" c="dimmed" title={t('feedback.documentsNoAnswers')}>
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('feedback.documentsNoAnswers')}</VisuallyHidden>
      </Text>
    );
  }
  const total = share.helpful + share.notHelpful;
  const title = t('feedback.documentsShareTitle', { helpful: share.helpful, total });
  return (
    <Anchor component={Link} fz="sm" to={`/admin/feedback?subjectKind=document&subjectId=${encodeURIComponent(documentId)}`} title={title} aria-label={title} data-testid="helpful-share">
      {t('feedback.documentsShare', { share: Math.round(share.share * 100) })}
    </Anchor>
  );
}
