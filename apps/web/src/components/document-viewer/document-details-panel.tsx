import { Badge, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentData, DocumentRevision } from '@portal/contracts/documents';
import { formatDay } from '../../lib/download/format';
import { languageName } from '../../lib/i18n/language-name';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import classes from './document-viewer-dialog.module.css';

export interface DocumentDetailsPanelProps {
  id: string;
  data: DocumentData;
  shown: ViewerDocument;
  onOpenRevision: (revision: DocumentRevision) => void;
  onOpenVariant: (serviceRef: string) => void;
  onClose: () => void;
}

/** Every published revision with its change note, and the document's other languages; each opens in one click. */
export function DocumentDetailsPanel({ id, data, shown, onOpenRevision, onOpenVariant, onClose }: DocumentDetailsPanelProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="aside" id={id} className={classes.details} gap="lg" p="md" aria-label={t('viewer.story.details')} data-testid="document-details">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="md">
          {t('viewer.story.revisions')}
        </Title>
        <CloseButton aria-label={t('viewer.story.closeDetails')} onClick={onClose} />
      </Group>
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.revisions.map((revision) => {
          const isShown = revision.resourceVersion === shown.resourceVersion;
          return (
            <Stack component="li" key={revision.id} gap={4} className={classes.revision} data-revision={revision.resourceVersion} aria-current={isShown || undefined}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} fz="sm">
                  {t('viewer.story.revision', { revision: revision.resourceVersion })}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatDay(revision.publishedAt, i18n.language)}
                </Text>
                {/* "Newest" means newest of its language and up to date with its source. */}
                {revision === data.revisions[0] && !data.translation?.behind && (
                  <Badge size="xs" variant="light" color="green">
                    {t('viewer.story.current')}
                  </Badge>
                )}
              </Group>
              <Text fz="sm" c={revision.changeNote ? undefined : 'dimmed'}>
                {revision.changeNote || t('viewer.story.noChangeNote')}
              </Text>
              {isShown ? (
                <Text fz="xs" fw={500} c="dimmed">
                  {t('viewer.story.shown')}
                </Text>
              ) : (
                <Button size="compact-xs" variant="light" w="fit-content" onClick={() => onOpenRevision(revision)}>
                  {t('viewer.story.openRevision', { revision: revision.resourceVersion })}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('viewer.story.languages')}
        </Title>
        {data.variants.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('viewer.story.noVariants')}
          </Text>
        ) : (
          <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.variants.map((variant) => {
              const language = languageName(variant.languageCode, i18n.language);
              return (
                <li key={variant.id}>
                  <Button
                    size="compact-sm"
                    variant="default"
                    title={variant.title}
                    aria-label={t('viewer.story.openVariant', { language })}
                    data-variant={variant.languageCode}
                    onClick={() => onOpenVariant(variant.serviceRef)}
                  >
                    {language}
                  </Button>
                </li>
              );
            })}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
