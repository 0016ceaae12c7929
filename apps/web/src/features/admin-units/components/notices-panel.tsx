import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, TagsInput, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNotice, NoticeKind } from '@portal/contracts/units';
import { formatDateTime } from '../../../lib/download/format';
import { noticesQueryOptions, useCloseNotice, useCreateNotice } from '../api/admin-units-api';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { RowActionButton } from '../../../components/ui/row-action-button';
import { languageName } from '../../../lib/i18n/language-name';
import { NoticeLanguageSelect, NoticeTranslationFields, noticeLanguages, type NoticeText } from './notice-translation-fields';
import { NoticeTranslateDialog } from './notice-translate-dialog';

const kinds: readonly NoticeKind[] = ['safety', 'change'];
const emptyDraft = (language: string) => ({ kind: 'safety' as NoticeKind, language, title: '', body: '', product: '', serialFrom: '', serialTo: '', options: [] as string[], translations: [] as NoticeText[] });

/** Safety and change notices: publish one on a product's serial range (and options), close an open one. */
export function NoticesPanel() {
  const { t, i18n } = useTranslation();
  const notices = useQuery(noticesQueryOptions());
  const create = useCreateNotice();
  const close = useCloseNotice();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [draft, setDraft] = useState(() => emptyDraft(locale.slice(0, 2).toLowerCase()));
  const [translating, setTranslating] = useState<AdminNotice | null>(null);
  const set = (patch: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...patch }));
  const used = [draft.language, ...draft.translations.map((entry) => entry.language)];
  const nextLanguage = noticeLanguages.find((language) => !used.includes(language));
  const setTranslation = (index: number, text: NoticeText) => set({ translations: draft.translations.map((entry, at) => (at === index ? text : entry)) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { ...draft, serialFrom: draft.serialFrom.trim() || null, serialTo: draft.serialTo.trim() || null },
      { onSuccess: () => setDraft(emptyDraft(draft.language)) },
    );
  };
  const range = (from: string | null, to: string | null) => (from || to ? `${from ?? '…'} – ${to ?? '…'}` : t('adminUnits.notices.allSerials'));

  return (
    <Stack gap="sm" component="section" aria-labelledby="unit-notices-title">
      <Title order={2} fz="h3" id="unit-notices-title">{t('adminUnits.notices.title')}</Title>
      <form onSubmit={submit} aria-label={t('adminUnits.notices.create')}>
        <Stack gap="sm">
          {create.error && <Alert color="red" role="alert">{refusalText(create.error, t('adminUnits.errors.saveFailed')).join(' ')}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('adminUnits.notices.kind')}
              data={kinds.map((kind) => ({ value: kind, label: t(`units.noticeKinds.${kind}`) }))}
              value={draft.kind}
              allowDeselect={false}
              onChange={(kind) => kind && set({ kind: kind as NoticeKind })}
            />
            <TextInput label={t('adminUnits.fields.model')} value={draft.product} onChange={(event) => set({ product: event.currentTarget.value })} required />
            <TagsInput label={t('adminUnits.fields.options')} description={t('adminUnits.notices.optionsHint')} value={draft.options} onChange={(options) => set({ options })} />
            <TextInput label={t('adminUnits.notices.serialFrom')} value={draft.serialFrom} onChange={(event) => set({ serialFrom: event.currentTarget.value })} />
            <TextInput label={t('adminUnits.notices.serialTo')} value={draft.serialTo} onChange={(event) => set({ serialTo: event.currentTarget.value })} />
          </SimpleGrid>
          <NoticeLanguageSelect
            label={t('noticeTranslations.language')}
            value={draft.language}
            exclude={draft.translations.map((entry) => entry.language)}
            onChange={(language) => set({ language })}
          />
          <TextInput label={t('adminUnits.notices.noticeTitle')} value={draft.title} onChange={(event) => set({ title: event.currentTarget.value })} required />
          <Textarea label={t('adminUnits.notices.text')} value={draft.body} onChange={(event) => set({ body: event.currentTarget.value })} rows={3} />
          {draft.translations.length > 0 && (
            <Stack gap="xs" role="group" aria-label={t('noticeTranslations.translations')}>
              {draft.translations.map((entry, index) => (
                <NoticeTranslationFields
                  key={index}
                  text={entry}
                  exclude={used.filter((language) => language !== entry.language)}
                  onChange={(text) => setTranslation(index, text)}
                  onRemove={() => set({ translations: draft.translations.filter((_, at) => at !== index) })}
                />
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            {nextLanguage && (
              <Button variant="default" onClick={() => set({ translations: [...draft.translations, { language: nextLanguage, title: '', body: '' }] })}>
                {t('noticeTranslations.addTranslation')}
              </Button>
            )}
            <Button type="submit" loading={create.isPending} disabled={!draft.title.trim() || !draft.product.trim() || draft.translations.some((entry) => !entry.title.trim())}>{t('adminUnits.notices.create')}</Button>
          </Group>
        </Stack>
      </form>
      {notices.isError && <Alert color="red">{t('adminUnits.errors.loadFailed')}</Alert>}
      {notices.data && notices.data.length === 0 && <Text c="dimmed">{t('adminUnits.notices.empty')}</Text>}
      {notices.data && notices.data.length > 0 && (
        <ScrollTable minWidth={640} aria-label={t('adminUnits.notices.title')} headers={[t('adminUnits.notices.noticeTitle'), t('adminUnits.fields.model'), t('adminUnits.notices.range'), t('adminUnits.fields.options'), t('noticeTranslations.languagesColumn'), t('adminUnits.notices.published'), t('adminUnits.columns.actions')]}>
          {notices.data.map((notice) => (
            <Table.Tr key={notice.id}>
              <Table.Td>
                <Text fz="sm" fw={600}>{notice.title}</Text>
                <Text fz="xs" c="dimmed">{t(`units.noticeKinds.${notice.kind}`)}</Text>
              </Table.Td>
              <Table.Td>{notice.product}</Table.Td>
              <Table.Td>{range(notice.serialFrom, notice.serialTo)}</Table.Td>
              <Table.Td>{notice.options.join(', ')}</Table.Td>
              <Table.Td data-testid="notice-languages">
                {[notice.language, ...notice.translations.map((entry) => entry.language)].map((language) => languageName(language, locale)).join(', ')}
              </Table.Td>
              <Table.Td>{formatDateTime(notice.publishedAt, i18n.language)}</Table.Td>
              <Table.Td>
                {notice.closedAt === null ? (
                  <Group gap="xs" wrap="nowrap">
                  <RowActionButton onClick={() => setTranslating(notice)} label={t('noticeTranslations.translateOne', { title: notice.title })}>
                    {t('noticeTranslations.translate')}
                  </RowActionButton>
                  <RowActionButton
                    color="red"
                    loading={close.isPending && close.variables === notice.id}
                    onClick={() => close.mutate(notice.id)}
                    label={t('adminUnits.notices.closeOne', { title: notice.title })}
                  >
                    {t('adminUnits.notices.close')}
                  </RowActionButton>
                  </Group>
                ) : (
                  <Badge color="gray" variant="light">{t('adminUnits.notices.closed')}</Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      {translating && <NoticeTranslateDialog notice={translating} onClose={() => setTranslating(null)} />}
    </Stack>
  );
}
