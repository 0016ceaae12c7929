import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActions, type AuditAction } from '@portal/contracts/audit';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/local-date-time';
import { noAuditFilters, type AuditFilters } from '../api/audit-api';
import { humanizeField } from '../utils/audit-change';
import { auditObjectKinds } from '../utils/audit-object-link';

interface AuditFiltersFormProps {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

type Draft = Omit<AuditFilters, 'from' | 'to'> & { from: string; to: string };

const draftOf = (filters: AuditFilters): Draft => ({ ...filters, from: toLocalInputValue(filters.from), to: toLocalInputValue(filters.to) });

/** The audit log's filters (actor, action, object, time range), applied together on submit. */
export function AuditFiltersForm({ value, onApply }: AuditFiltersFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [rangeError, setRangeError] = useState(false);
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const from = fromLocalInputValue(draft.from) ?? '';
    const to = fromLocalInputValue(draft.to) ?? '';
    const badRange = from !== '' && to !== '' && Date.parse(from) >= Date.parse(to);
    setRangeError(badRange);
    if (!badRange) onApply({ ...draft, from, to });
  };
  const clear = () => {
    setDraft(draftOf(noAuditFilters));
    setRangeError(false);
    onApply(noAuditFilters);
  };

  return (
    <form onSubmit={submit} aria-label={t('adminAudit.filters')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput label={t('adminAudit.actor')} placeholder="name@example.com" {...field('actor')} />
        <Select
          label={t('adminAudit.action')}
          value={draft.action || 'all'}
          allowDeselect={false}
          onChange={(action) => setDraft({ ...draft, action: !action || action === 'all' ? '' : (action as AuditAction) })}
          data={[{ value: 'all', label: t('adminAudit.allActions') }, ...auditActions.map((action) => ({ value: action, label: t(`adminAudit.actions.${action}`) }))]}
        />
        <Group grow gap="xs" align="flex-start">
          <Select
            label={t('adminAudit.objectKind')}
            searchable
            value={draft.objectKind || 'all'}
            allowDeselect={false}
            onChange={(kind) => setDraft({ ...draft, objectKind: !kind || kind === 'all' ? '' : kind })}
            data={[
              { value: 'all', label: t('auditLog.allKinds') },
              ...[...new Set([...auditObjectKinds, ...(draft.objectKind ? [draft.objectKind] : [])])].map((kind) => ({
                value: kind,
                label: t(`auditLog.kinds.${kind}`, { defaultValue: humanizeField(kind) }),
              })),
            ]}
          />
          <TextInput label={t('adminAudit.objectId')} {...field('objectId')} />
        </Group>
        <TextInput type="datetime-local" label={t('adminAudit.from')} {...field('from')} />
        <TextInput type="datetime-local" label={t('adminAudit.to')} {...field('to')} error={rangeError ? t('adminAudit.rangeError') : undefined} />
        <Group align="flex-end" gap="xs">
          <Button type="submit">{t('adminAudit.apply')}</Button>
          <Button variant="subtle" onClick={clear}>
            {t('adminAudit.clear')}
          </Button>
        </Group>
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt={4}>
        {t('adminAudit.filtersHint')}
      </Text>
    </form>
  );
}
