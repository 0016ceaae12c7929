import { Alert, Button, Group, List, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitSummary, UpdateUnitBody } from '@portal/contracts/units';
import { AccountPicker, AccountsPicker } from '../../../components/account-picker/account-picker';
import { useUpdateUnit } from '../api/admin-units-api';
import { refusalText } from '../../../lib/api-client/refusal-text';

interface EditUnitModalProps {
  unit: UnitSummary | null;
  onClose: () => void;
  onSaved: (unit: UnitSummary) => void;
}

/** Edits one unit through PATCH /api/Admin/units/{serial}, sending only what changed. */
export function EditUnitModal({ unit, onClose, onSaved }: EditUnitModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={unit !== null} onClose={onClose} title={unit ? t('adminUnits.edit.title', { serial: unit.serialNumber }) : ''} size="lg">
      {unit && <EditUnitForm key={unit.serialNumber} unit={unit} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

// The form does not rename units (the PATCH's `serialNumber`); a model change of a labelled unit comes back as a 409 message.
type Form = Required<Omit<UpdateUnitBody, 'siteName' | 'serialNumber'>> & { siteName: string };

const formOf = (unit: UnitSummary): Form => ({
  model: unit.model.code,
  options: unit.options.map((option) => option.code),
  account: unit.account,
  shippedAt: unit.shippedAt.slice(0, 10),
  siteName: unit.siteName ?? '',
  servicePartners: unit.servicePartners,
});

/** The fields whose value differs from the unit's (an emptied site name clears it). */
export function unitChanges(unit: UnitSummary, form: Form): UpdateUnitBody {
  const before = formOf(unit);
  const changes: Record<string, unknown> = {};
  for (const name of Object.keys(form) as Array<keyof Form>) {
    if (JSON.stringify(before[name]) !== JSON.stringify(form[name])) changes[name] = name === 'siteName' ? form.siteName.trim() || null : form[name];
  }
  return changes;
}

function EditUnitForm({ unit, onClose, onSaved }: { unit: UnitSummary; onClose: () => void; onSaved: (unit: UnitSummary) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => formOf(unit));
  const update = useUpdateUnit();
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes = unitChanges(unit, form);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ serial: unit.serialNumber, changes }, { onSuccess: (saved) => { onSaved(saved); onClose(); } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {update.error && (
          <Alert color="red" role="alert">
            <List size="sm">{refusalText(update.error, t('adminUnits.errors.saveFailed')).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        )}
        <TextInput label={t('adminUnits.fields.model')} value={form.model} onChange={(event) => set({ model: event.currentTarget.value })} required />
        <TagsInput label={t('adminUnits.fields.options')} description={t('adminUnits.fields.optionsHint')} value={form.options} onChange={(options) => set({ options })} />
        <AccountPicker label={t('adminUnits.fields.account')} kind="customer" value={form.account || null} onChange={(account) => set({ account: account ?? '' })} clearable={false} required />
        <TextInput type="date" label={t('adminUnits.fields.shippedAt')} value={form.shippedAt} onChange={(event) => set({ shippedAt: event.currentTarget.value })} required />
        <TextInput label={t('adminUnits.fields.site')} value={form.siteName} onChange={(event) => set({ siteName: event.currentTarget.value })} />
        <AccountsPicker label={t('adminUnits.fields.partners')} description={t('adminUsers.picker.unitPartnersHint')} kind="partner" value={form.servicePartners} onChange={(servicePartners) => set({ servicePartners })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('adminUnits.cancel')}</Button>
          <Button type="submit" loading={update.isPending}>{t('adminUnits.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
