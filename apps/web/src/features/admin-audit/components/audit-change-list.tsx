import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/download/format';
import { auditChanges, humanizeField, type AuditValueFormat } from '../utils/audit-change';
import { BreakableText } from './breakable-text';

/** Longest value shown in full in the table; the whole value stays in the cell's tooltip and in the CSV export. */
const shownLength = 160;

function Value({ text }: { text: string }) {
  if (text.length <= shownLength) return <BreakableText text={text} />;
  return (
    <span title={text}>
      <BreakableText text={`${text.slice(0, shownLength)}…`} />
    </span>
  );
}

/** An entry's before → after, one line per changed field, labelled in the reader's language, values in words. */
export function AuditChangeList({ before, after }: { before: unknown; after: unknown }) {
  const { t, i18n } = useTranslation();
  const format: AuditValueFormat = {
    label: (field) => t(`auditLog.fields.${field}`, { defaultValue: humanizeField(field) }),
    time: (iso) => formatDateTime(iso, i18n.language),
    yes: t('auditLog.yes'),
    no: t('auditLog.no'),
  };
  const changes = auditChanges(before, after, format);
  if (changes.length === 0) return null;
  const none = t('adminAudit.noValue');
  return (
    <Stack gap={2} data-testid="audit-change">
      {changes.map((change) => (
        <Text key={change.field} fz="xs" style={{ overflowWrap: 'break-word' }}>
          {change.field && (
            <Text span fw={600} inherit>
              {format.label(change.field)}:{' '}
            </Text>
          )}
          <Text span c="dimmed" inherit>
            {change.before === null ? none : <Value text={change.before} />}
          </Text>
          <Text span inherit aria-label={t('adminAudit.becomes')}>
            {' → '}
          </Text>
          {change.after === null ? none : <Value text={change.after} />}
        </Text>
      ))}
    </Stack>
  );
}
