import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auditChanges } from '../utils/audit-change';

/** Longest value shown in full in the table; the whole value stays in the cell's tooltip and in the CSV export. */
const shownLength = 120;

function Value({ text }: { text: string }) {
  if (text.length <= shownLength) return <>{text}</>;
  return <span title={text}>{`${text.slice(0, shownLength)}…`}</span>;
}

/** An entry's before → after, one line per changed field. */
export function AuditChangeList({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const changes = auditChanges(before, after);
  if (changes.length === 0) return null;
  const none = t('adminAudit.noValue');
  return (
    <Stack gap={2} data-testid="audit-change">
      {changes.map((change) => (
        <Text key={change.field} fz="xs" style={{ wordBreak: 'break-word' }}>
          {change.field && (
            <Text span fw={600} inherit>
              {change.field}:{' '}
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
