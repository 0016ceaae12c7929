import { Alert, Button, Center, Group, List, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicabilityResponse } from '@portal/contracts/units';
import { applicabilityQueryOptions, useSaveApplicability, type ApplicabilityDraft } from '../api/applicability-api';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { RemoveButton } from '../../../components/ui/remove-button';

interface RuleRow {
  product: string;
  option: string;
  serialFrom: string;
  serialTo: string;
}

interface ApplicabilityEditorProps {
  documentId: string;
  /** Called with what the server stored. */
  onSaved?: (saved: ApplicabilityResponse) => void;
}

const emptyRule: RuleRow = { product: '', option: '', serialFrom: '', serialTo: '' };

/** The form's rows as the PUT body: blank fields are left to the server's defaults, blank rows dropped. */
export function applicabilityBody(mode: 'rules' | 'unit', rules: readonly RuleRow[], unit: string): ApplicabilityDraft {
  if (mode === 'unit') return { rules: [], unit: unit.trim() || null };
  const orNull = (text: string) => text.trim() || null;
  return {
    rules: rules
      .filter((rule) => rule.product.trim())
      .map((rule) => ({ product: rule.product.trim(), option: orNull(rule.option), serialFrom: orNull(rule.serialFrom), serialTo: orNull(rule.serialTo) })),
    unit: null,
  };
}

/** Where one document applies: products narrowed by option codes and serial ranges, or a single unit (its own document). */
export function ApplicabilityEditor({ documentId, onSaved }: ApplicabilityEditorProps) {
  const { t } = useTranslation();
  const current = useQuery(applicabilityQueryOptions(documentId));
  if (current.isError) return <Alert color="red" role="alert">{refusalText(current.error, t('adminUnits.errors.loadFailed')).join(' ')}</Alert>;
  if (!current.data) {
    return (
      <Center py="lg">
        <Loader aria-label={t('adminUnits.loading')} />
      </Center>
    );
  }
  return <ApplicabilityForm key={documentId} saved={current.data} onSaved={onSaved} />;
}

function ApplicabilityForm({ saved, onSaved }: { saved: ApplicabilityResponse; onSaved?: (saved: ApplicabilityResponse) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'rules' | 'unit'>(saved.unit ? 'unit' : 'rules');
  const [rules, setRules] = useState<RuleRow[]>(() =>
    saved.rules.map((rule) => ({ product: rule.product, option: rule.option ?? '', serialFrom: rule.serialFrom ?? '', serialTo: rule.serialTo ?? '' })),
  );
  const [unit, setUnit] = useState(saved.unit ?? '');
  const save = useSaveApplicability(saved.documentId);
  const setRule = (index: number, patch: Partial<RuleRow>) => setRules((rows) => rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(applicabilityBody(mode, rules, unit), { onSuccess: (stored) => onSaved?.(stored) });
  };

  return (
    <form onSubmit={submit} aria-label={t('adminUnits.applicability.title')}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('adminUnits.applicability.mode')}
          value={mode}
          onChange={(value) => setMode(value as 'rules' | 'unit')}
          data={[
            { value: 'rules', label: t('adminUnits.applicability.rules') },
            { value: 'unit', label: t('adminUnits.applicability.oneUnit') },
          ]}
        />
        {mode === 'unit' ? (
          <TextInput label={t('adminUnits.applicability.unit')} description={t('adminUnits.applicability.unitHint')} value={unit} onChange={(event) => setUnit(event.currentTarget.value)} />
        ) : (
          <Stack gap="xs">
            {rules.length === 0 && <Text fz="sm" c="dimmed">{t('adminUnits.applicability.none')}</Text>}
            {rules.map((rule, index) => (
              <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                <TextInput label={t('adminUnits.fields.model')} value={rule.product} onChange={(event) => setRule(index, { product: event.currentTarget.value })} w={130} />
                <TextInput label={t('adminUnits.applicability.option')} value={rule.option} onChange={(event) => setRule(index, { option: event.currentTarget.value })} w={130} />
                <TextInput label={t('adminUnits.notices.serialFrom')} value={rule.serialFrom} onChange={(event) => setRule(index, { serialFrom: event.currentTarget.value })} w={150} />
                <TextInput label={t('adminUnits.notices.serialTo')} value={rule.serialTo} onChange={(event) => setRule(index, { serialTo: event.currentTarget.value })} w={150} />
                <RemoveButton
                  color="red"
                  size="lg"
                  onClick={() => setRules((rows) => rows.filter((_, at) => at !== index))}
                  label={t('adminUnits.applicability.remove', { number: index + 1 })}
                />
              </Group>
            ))}
            <Group>
              <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setRules((rows) => [...rows, emptyRule])}>
                {t('adminUnits.applicability.add')}
              </Button>
            </Group>
          </Stack>
        )}
        {save.error && (
          <Alert color="red" role="alert">
            <List size="sm">{refusalText(save.error, t('adminUnits.errors.saveFailed')).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        )}
        {save.isSuccess && <Text fz="sm" c="green" role="status">{t('adminUnits.applicability.saved')}</Text>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>{t('adminUnits.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
