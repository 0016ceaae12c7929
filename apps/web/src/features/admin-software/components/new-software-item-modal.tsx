import { Button, Group, Modal, Select, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { useCreateSoftwareItem } from '../api/admin-software-api';
import { accessRules, everyone, type AudienceChoice } from '../utils/audience';
import { AudienceFields } from './audience-fields';
import { FormError } from './form-error';

/** The categories the portal's software page names and groups by. */
const knownCategories = ['firmware', 'pc-tool', 'add-on'];

interface NewSoftwareItemModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (item: AdminSoftwareItem) => void;
}

export function NewSoftwareItemModal({ opened, onClose, onCreated }: NewSoftwareItemModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('adminSoftware.newItem.title')} size="lg">
      {opened && <NewSoftwareItemForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

/** A new software item: its equipment name (the page path), name, category, description, products and audience. */
function NewSoftwareItemForm({ onClose, onCreated }: Omit<NewSoftwareItemModalProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateSoftwareItem();
  const [fields, setFields] = useState({ equipmentName: '', name: '', category: 'firmware', description: '', compatibleEquipment: [] as string[] });
  const [audience, setAudience] = useState<AudienceChoice>(everyone);
  const set = (patch: Partial<typeof fields>) => setFields((current) => ({ ...current, ...patch }));
  const ready = fields.equipmentName.trim() !== '' && fields.name.trim() !== '' && fields.category.trim() !== '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        equipmentName: fields.equipmentName.trim(),
        name: fields.name.trim(),
        category: fields.category.trim(),
        description: fields.description,
        compatibleEquipment: fields.compatibleEquipment,
        audience: audience.audience,
        access: accessRules(audience),
      },
      {
        onSuccess: (item) => {
          onCreated(item);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('adminSoftware.fields.equipmentName')}
          description={t('adminSoftware.fields.equipmentNameHint')}
          value={fields.equipmentName}
          onChange={(event) => set({ equipmentName: event.currentTarget.value })}
          required
          maxLength={80}
          data-autofocus
        />
        <TextInput label={t('adminSoftware.fields.name')} value={fields.name} onChange={(event) => set({ name: event.currentTarget.value })} required maxLength={200} />
        <Select
          label={t('adminSoftware.fields.category')}
          data={knownCategories.map((value) => ({ value, label: t(`software.categories.${value}`) }))}
          value={fields.category}
          onChange={(category) => category && set({ category })}
          allowDeselect={false}
          required
        />
        <Textarea label={t('adminSoftware.fields.description')} value={fields.description} onChange={(event) => set({ description: event.currentTarget.value })} rows={3} maxLength={5000} />
        <TagsInput
          label={t('adminSoftware.fields.compatibleEquipment')}
          description={t('adminSoftware.fields.compatibleEquipmentHint')}
          value={fields.compatibleEquipment}
          onChange={(compatibleEquipment) => set({ compatibleEquipment })}
          maxTags={100}
        />
        <AudienceFields value={audience} onChange={setAudience} />
        <FormError lines={create.isError ? refusalText(create.error, t('adminSoftware.errors.saveFailed')) : null} />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={!ready} loading={create.isPending}>
            {t('adminSoftware.newItem.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
