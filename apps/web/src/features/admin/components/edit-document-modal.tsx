import { Alert, Center, Group, Loader, Modal, MultiSelect, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocument, UpdateDocumentBody } from '@portal/contracts/admin-documents';
import { adminDocumentQueryOptions, updateAdminDocument } from '../api/admin-documents-api';
import type { CodeOption } from '../hooks/use-code-options';
import { useDocumentSave } from '../hooks/use-document-save';
import { refusalMessage } from '../utils/error-message';
import { DialogFooter } from './dialog-footer';
import { LanguageVariantsField } from './language-variants-field';
import { TranslationSourceField } from './translation-source-field';

type Options = { types: CodeOption[]; products: CodeOption[]; languages: CodeOption[] };

interface EditDocumentModalProps {
  documentId: string | null;
  options: Options;
  onClose: () => void;
  onDone: (title: string) => void;
}

/** Edits a document's metadata through PATCH /api/Admin/documents/:id, sending only what changed. */
export function EditDocumentModal({ documentId, options, onClose, onDone }: EditDocumentModalProps) {
  const { t } = useTranslation();
  const { data, error } = useQuery({ ...adminDocumentQueryOptions(documentId ?? ''), enabled: documentId !== null });
  return (
    <Modal opened={documentId !== null} onClose={onClose} title={t('admin.edit.title')} size="lg">
      {error && <Alert color="red" role="alert">{refusalMessage(error, t('admin.errors.loadFailed'))}</Alert>}
      {!data && !error && (
        <Center py="lg">
          <Loader aria-label={t('admin.loading')} />
        </Center>
      )}
      {data && data.id === documentId && <EditForm key={data.id} document={data} options={options} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

const withCodes = (data: CodeOption[], codes: string[]) => [...data, ...codes.filter((code) => !data.some((option) => option.value === code)).map((code) => ({ value: code, label: code }))];

function changedFields(document: AdminDocument, form: Required<Omit<UpdateDocumentBody, 'access'>>): UpdateDocumentBody {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    const before = document[name as keyof typeof form];
    if (JSON.stringify(before) !== JSON.stringify(value)) changes[name] = value;
  }
  return changes;
}

function EditForm({ document, options, onClose, onDone }: { document: AdminDocument; options: Options; onClose: () => void; onDone: (title: string) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    title: document.title,
    description: document.description,
    typeCode: document.typeCode,
    languageCode: document.languageCode,
    products: document.products,
    audience: document.audience,
    downloadable: document.downloadable,
    variantGroup: document.variantGroup,
    sourceLanguage: document.sourceLanguage,
    followsRevision: document.followsRevision,
  });
  const save = useDocumentSave(onClose);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes = changedFields(document, form);
    if (Object.keys(changes).length === 0) return onClose();
    void save.run(
      () => updateAdminDocument(document.id, changes),
      (saved) => onDone(saved.title),
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput label={t('admin.fields.title')} value={form.title} onChange={(event) => set({ title: event.currentTarget.value })} required maxLength={300} />
        <Textarea label={t('admin.fields.description')} value={form.description} onChange={(event) => set({ description: event.currentTarget.value })} autosize minRows={2} maxLength={5000} />
        <Group grow align="start">
          <Select label={t('admin.fields.type')} data={withCodes(options.types, [form.typeCode])} value={form.typeCode} onChange={(value) => value && set({ typeCode: value })} allowDeselect={false} searchable />
          <Select label={t('admin.fields.language')} data={withCodes(options.languages, [form.languageCode])} value={form.languageCode} onChange={(value) => value && set({ languageCode: value })} allowDeselect={false} searchable />
        </Group>
        <MultiSelect label={t('admin.fields.products')} data={withCodes(options.products, form.products)} value={form.products} onChange={(products) => set({ products })} searchable clearable />
        <Select
          label={t('admin.fields.audience')}
          data={[
            { value: 'everyone', label: t('admin.documents.audience.everyone') },
            { value: 'restricted', label: t('admin.documents.audience.restricted') },
          ]}
          value={form.audience}
          onChange={(value) => value && set({ audience: value as 'everyone' | 'restricted' })}
          allowDeselect={false}
        />
        <LanguageVariantsField document={document} value={form.variantGroup} onChange={(variantGroup) => set({ variantGroup })} />
        <TranslationSourceField languages={options.languages} ownLanguage={form.languageCode} value={form} onChange={set} />
        <Switch label={t('admin.fields.downloadable')} checked={form.downloadable} onChange={(event) => set({ downloadable: event.currentTarget.checked })} />
        <DialogFooter error={save.error} onCancel={onClose} submitLabel={t('admin.save')} saving={save.saving} />
      </Stack>
    </form>
  );
}
