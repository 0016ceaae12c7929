import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auditChanges } from '../utils/audit-change';

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
            {change.before ?? none}
          </Text>
          <Text span inherit aria-label={t('adminAudit.becomes')}>
            {' → '}
          </Text>
          {change.after ?? none}
        </Text>
      ))}
    </Stack>
  );
}
