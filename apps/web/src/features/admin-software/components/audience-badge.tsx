import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import { audienceState } from '../utils/audience';

const colors = { everyone: 'green', restricted: 'blue', staffOnly: 'gray' } as const;

/** Everyone, restricted (the rules in the tooltip) or staff only, which is how a version is withdrawn. */
export function AudienceBadge({ audience, access }: Pick<AdminSoftwareItem, 'audience' | 'access'>) {
  const { t } = useTranslation();
  const state = audienceState({ audience, access });
  const rules = access.map((rule) => `${t(`adminSoftware.audience.rule.${rule.kind}`)}: ${rule.kind === 'role' ? t(`roles.${rule.value}`, { defaultValue: rule.value }) : rule.value}`);
  return (
    <Badge variant="light" color={colors[state]} title={rules.join(', ') || undefined}>
      {t(`adminSoftware.audience.${state}`)}
    </Badge>
  );
}
