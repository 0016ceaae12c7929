import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNotice } from '@portal/contracts/units';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { useTranslateNotice } from '../api/admin-units-api';
import { NoticeTranslationFields, noticeLanguages, type NoticeText } from './notice-translation-fields';

const firstText = (notice: AdminNotice): NoticeText => {
  const language = noticeLanguages.find((code) => code !== notice.language && !notice.translations.some((entry) => entry.language === code)) ?? noticeLanguages.find((code) => code !== notice.language)!;
  const known = notice.translations.find((entry) => entry.language === language);
  return { language, title: known?.title ?? '', body: known?.body ?? '' };
};

/** Adds a published notice's text in one more language, or changes one it has. */
export function NoticeTranslateDialog({ notice, onClose }: { notice: AdminNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslateNotice();
  const [text, setText] = useState(() => firstText(notice));
  const change = (next: NoticeText) => {
    // Another language: start from the text the notice has in it, if any.
    const known = next.language !== text.language ? notice.translations.find((entry) => entry.language === next.language) : undefined;
    setText(next.language !== text.language ? { language: next.language, title: known?.title ?? '', body: known?.body ?? '' } : next);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    translate.mutate({ id: notice.id, language: text.language, text: { title: text.title, body: text.body } }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('noticeTranslations.translateTitle')} size="lg">
      <form onSubmit={submit} aria-label={t('noticeTranslations.translateTitle')}>
        <Stack gap="sm">
          {translate.error && <Alert color="red" role="alert">{refusalText(translate.error, t('adminUnits.errors.saveFailed')).join(' ')}</Alert>}
          <NoticeTranslationFields text={text} onChange={change} exclude={[notice.language]} />
          <Group justify="flex-end">
            <Button type="submit" loading={translate.isPending} disabled={!text.title.trim()}>{t('noticeTranslations.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
