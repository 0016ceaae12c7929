import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentData } from '@portal/contracts/documents';
import { formatDay } from '../../lib/download/format';
import { contentLabel } from '../../lib/i18n/content-labels';
import { languageName } from '../../lib/i18n/language-name';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import { shownRevision } from './document-story';
import classes from './document-viewer-dialog.module.css';

/** The header's second line: number, revision, its date, language and type of the document shown. */
export function DocumentFacts({ data, shown }: { data: DocumentData; shown: ViewerDocument }) {
  const { t, i18n } = useTranslation();
  const revision = shownRevision(data, shown);
  const facts = [
    { key: 'number', text: data.serviceRef, title: t('viewer.story.number') },
    { key: 'revision', text: t('viewer.story.revision', { revision: shown.resourceVersion }) },
    ...(revision ? [{ key: 'date', text: formatDay(revision.publishedAt, i18n.language) }] : []),
    { key: 'language', text: languageName(data.languageCode, i18n.language) },
    { key: 'type', text: contentLabel(t, 'documentTypes', data.typeCode, data.typeName) },
  ];
  return (
    <Group component="ul" gap={0} wrap="wrap" className={classes.facts} data-testid="document-facts">
      {facts.map((fact) => (
        <Text component="li" key={fact.key} fz="xs" c="dimmed" title={fact.title} data-fact={fact.key}>
          {fact.text}
        </Text>
      ))}
    </Group>
  );
}
