import { Alert, Button, Group, MultiSelect, Progress, Select, Table, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropArea } from '../../../components/upload/drop-area';
import { invalidateAdminDocuments } from '../api/admin-documents-api';
import { uploadNewDocument } from '../api/upload-document';
import type { CodeOption } from '../hooks/use-code-options';
import { refusalMessage } from '../utils/error-message';
import { toUploadItems, type UploadItem } from '../utils/upload-batch';
import { SectionPanel } from '../../../components/ui/section-panel';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { RemoveButton } from '../../../components/ui/remove-button';
import { TranslationSourceField } from './translation-source-field';

type Options = { types: CodeOption[]; products: CodeOption[]; languages: CodeOption[] };

function FileStatus({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  if (item.status === 'uploading') return <Progress value={item.progress * 100} aria-label={t('admin.upload.progress', { name: item.file.name })} miw={80} />;
  if (item.status === 'done') {
    return (
      <Group gap={4} c="green" wrap="nowrap">
        <IconCheck size={16} aria-hidden="true" />
        <Text fz="sm">{t('admin.upload.done')}</Text>
      </Group>
    );
  }
  if (item.status === 'failed') {
    return (
      <Text fz="sm" c="red" role="alert">
        {item.error}
      </Text>
    );
  }
  return <Text fz="sm" c="dimmed">{t('admin.upload.ready')}</Text>;
}

/**
 * Upload of many new documents at once: files dropped or chosen, one metadata form shared by the
 * batch (type, language, products, audience), a title and reference per file, then one upload per
 * file with its own progress and, when the server refuses it, its own reason.
 */
export function UploadPanel({ options, onUploaded }: { options: Options; onUploaded: (count: number) => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [shared, setShared] = useState({ typeCode: null as string | null, languageCode: 'en' as string | null, products: [] as string[], audience: 'everyone', status: 'unpublished' as 'published' | 'unpublished', sourceLanguage: null as string | null, followsRevision: null as string | null });
  const [running, setRunning] = useState(false);
  const change = (key: string, patch: Partial<UploadItem>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const pending = items.filter((item) => item.status === 'ready' || item.status === 'failed');
  const ready = shared.typeCode !== null && shared.languageCode !== null && pending.length > 0 && pending.every((item) => item.title.trim() && item.serviceRef.trim());

  const uploadAll = async () => {
    if (!shared.typeCode || !shared.languageCode) return;
    setRunning(true);
    let uploaded = 0;
    // One at a time: the server stores and indexes each file in a transaction of its own.
    for (const item of pending) {
      change(item.key, { status: 'uploading', progress: 0, error: null });
      try {
        await uploadNewDocument(
          { serviceRef: item.serviceRef.trim(), title: item.title.trim(), typeCode: shared.typeCode, languageCode: shared.languageCode, products: shared.products, audience: shared.audience as 'everyone' | 'restricted', status: shared.status, sourceLanguage: shared.sourceLanguage, followsRevision: shared.followsRevision },
          item.file,
          (progress) => change(item.key, { progress }),
        );
        change(item.key, { status: 'done', progress: 1 });
        uploaded += 1;
      } catch (error) {
        change(item.key, { status: 'failed', error: refusalMessage(error, t('admin.errors.uploadFailed')) });
      }
    }
    setRunning(false);
    if (uploaded > 0) {
      await invalidateAdminDocuments();
      onUploaded(uploaded);
    }
  };

  return (
    <SectionPanel headingId="upload-heading" title={t('admin.upload.title')}>
      <DropArea disabled={running} onFiles={(files) => setItems((current) => [...current, ...toUploadItems(files, Date.now(), current.length)])} />
      {items.length > 0 && (
        <>
          <Group align="end" gap="sm" wrap="wrap">
            <Select label={t('admin.fields.type')} data={options.types} value={shared.typeCode} onChange={(typeCode) => setShared((s) => ({ ...s, typeCode }))} required searchable w={{ base: '100%', xs: 200 }} />
            <Select label={t('admin.fields.language')} data={options.languages} value={shared.languageCode} onChange={(languageCode) => setShared((s) => ({ ...s, languageCode }))} required searchable w={{ base: '100%', xs: 200 }} />
            <MultiSelect label={t('admin.fields.products')} data={options.products} value={shared.products} onChange={(products) => setShared((s) => ({ ...s, products }))} searchable clearable w={{ base: '100%', xs: 260 }} />
            <Select
              label={t('admin.fields.audience')}
              data={[
                { value: 'everyone', label: t('admin.documents.audience.everyone') },
                { value: 'restricted', label: t('admin.documents.audience.restricted') },
              ]}
              value={shared.audience}
              onChange={(audience) => audience && setShared((s) => ({ ...s, audience }))}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
            />
            <Select
              label={t('admin.upload.publication')}
              data={[
                { value: 'unpublished', label: t('admin.upload.keepDraft') },
                { value: 'published', label: t('admin.upload.publishNow') },
              ]}
              value={shared.status}
              onChange={(status) => status && setShared((s) => ({ ...s, status: status as 'published' | 'unpublished' }))}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
          <TranslationSourceField languages={options.languages} ownLanguage={shared.languageCode} value={shared} onChange={(source) => setShared((s) => ({ ...s, ...source }))} />
          <ScrollTable minWidth={640} verticalSpacing="xs" aria-label={t('admin.upload.files')} headers={[t('admin.upload.file'), t('admin.fields.title'), t('admin.fields.serviceRef'), t('admin.upload.status'), null]}>
            {items.map((item) => {
              const editable = item.status === 'ready' || item.status === 'failed';
              return (
                <Table.Tr key={item.key} data-testid="upload-item">
                  <Table.Td maw={200}>
                    <Text fz="sm" truncate title={item.file.name}>
                      {item.file.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('admin.upload.titleOf', { name: item.file.name })} value={item.title} disabled={!editable || running} onChange={(event) => change(item.key, { title: event.currentTarget.value })} maxLength={300} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('admin.upload.serviceRefOf', { name: item.file.name })} value={item.serviceRef} disabled={!editable || running} onChange={(event) => change(item.key, { serviceRef: event.currentTarget.value })} maxLength={64} />
                  </Table.Td>
                  <Table.Td miw={140}>
                    <FileStatus item={item} />
                  </Table.Td>
                  <Table.Td>
                    <RemoveButton label={t('admin.upload.remove', { name: item.file.name })} disabled={running} onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ScrollTable>
          {!shared.typeCode && <Alert color="blue">{t('admin.upload.chooseType')}</Alert>}
          <Group justify="end">
            <Button variant="default" disabled={running} onClick={() => setItems([])}>
              {t('admin.upload.clear')}
            </Button>
            <Button onClick={() => void uploadAll()} disabled={!ready} loading={running}>
              {t('admin.upload.submit', { count: pending.length })}
            </Button>
          </Group>
        </>
      )}
    </SectionPanel>
  );
}
