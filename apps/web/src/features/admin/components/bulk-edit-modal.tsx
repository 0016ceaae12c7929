import { Alert, Button, Group, List, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import type { UpdateDocumentBody } from '@portal/contracts/admin-documents';
import { invalidateAdminDocuments, updateAdminDocument } from '../api/admin-documents-api';
import type { CodeOption } from '../hooks/use-code-options';
import { refusalMessage } from '../utils/error-message';

type Options = { types: CodeOption[]; products: CodeOption[]; languages: CodeOption[] };

export interface BulkEditForm {
  typeCode: string | null;
  languageCode: string | null;
  products: string[];
  audience: 'everyone' | 'restricted' | null;
}

/** The fields the publisher chose to change: an empty field keeps each document's own value. */
export function bulkChanges(form: BulkEditForm): UpdateDocumentBody {
  return {
    ...(form.typeCode ? { typeCode: form.typeCode } : {}),
    ...(form.languageCode ? { languageCode: form.languageCode } : {}),
    ...(form.products.length > 0 ? { products: form.products } : {}),
    ...(form.audience ? { audience: form.audience } : {}),
  };
}

interface BulkEditModalProps {
  documents: AdminDocumentListItem[] | null;
  options: Options;
  onClose: () => void;
  /** Called with the documents changed (the others stay selected, with their error shown). */
  onDone: (changed: AdminDocumentListItem[]) => void;
}

/** Type, products, language and audience of every selected document at once: one PATCH per document, each refusal listed. */
export function BulkEditModal({ documents, options, onClose, onDone }: BulkEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={documents !== null} onClose={onClose} title={t('admin.bulkEdit.title', { count: documents?.length ?? 0 })} size="lg">
      {documents && <BulkEditFields documents={documents} options={options} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function BulkEditFields({ documents, options, onClose, onDone }: { documents: AdminDocumentListItem[]; options: Options; onClose: () => void; onDone: BulkEditModalProps['onDone'] }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<BulkEditForm>({ typeCode: null, languageCode: null, products: [], audience: null });
  const [saving, setSaving] = useState(false);
  const [failures, setFailures] = useState<Array<{ title: string; message: string }>>([]);
  const set = (patch: Partial<BulkEditForm>) => setForm((current) => ({ ...current, ...patch }));
  const changes = bulkChanges(form);
  const keep = t('admin.bulkEdit.keep');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailures([]);
    const results = await Promise.allSettled(documents.map((document) => updateAdminDocument(document.id, changes)));
    setSaving(false);
    await invalidateAdminDocuments();
    const failed = results.flatMap((result, index) =>
      result.status === 'rejected' ? [{ title: documents[index]!.title, message: refusalMessage(result.reason, t('admin.errors.saveFailed')) }] : [],
    );
    onDone(documents.filter((_, index) => results[index]!.status === 'fulfilled'));
    if (failed.length === 0) onClose();
    else setFailures(failed);
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('admin.bulkEdit.hint')}
        </Text>
        <Group grow align="start">
          <Select label={t('admin.fields.type')} placeholder={keep} data={options.types} value={form.typeCode} onChange={(typeCode) => set({ typeCode })} clearable searchable />
          <Select label={t('admin.fields.language')} placeholder={keep} data={options.languages} value={form.languageCode} onChange={(languageCode) => set({ languageCode })} clearable searchable />
        </Group>
        <MultiSelect
          label={t('admin.fields.products')}
          description={t('admin.bulkEdit.productsHint')}
          placeholder={form.products.length === 0 ? keep : undefined}
          data={options.products}
          value={form.products}
          onChange={(products) => set({ products })}
          clearable
          searchable
        />
        <Select
          label={t('admin.fields.audience')}
          placeholder={keep}
          data={[
            { value: 'everyone', label: t('admin.documents.audience.everyone') },
            { value: 'restricted', label: t('admin.documents.audience.restricted') },
          ]}
          value={form.audience}
          onChange={(value) => set({ audience: value as BulkEditForm['audience'] })}
          clearable
        />
        {failures.length > 0 && (
          <Alert color="red" role="alert" title={t('admin.errors.someFailed', { count: failures.length })}>
            <List size="sm">
              {failures.map((failure) => (
                <List.Item key={failure.title}>
                  {failure.title}: {failure.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={Object.keys(changes).length === 0}>
            {t('admin.bulkEdit.submit', { count: documents.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
