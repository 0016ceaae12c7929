import { Alert, Button, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperRequestBody } from '@portal/contracts/paper-requests';
import type { UnitDetail } from '@portal/contracts/units';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDay } from '../../../lib/download/format';
import { requestPaperInstructions } from '../api/paper-requests';

/** The languages the unit's documents are available in (what a paper copy can be printed in). */
export const paperLanguagesOf = (unit: Pick<UnitDetail, 'documents' | 'ownDocuments'>) =>
  [...new Set([...unit.documents, ...unit.ownDocuments].map((document) => document.languageCode))].sort();

/** "Request printed instructions": the owner's right to the instructions on paper, within one month. */
export function UnitPaperRequest({ unit }: { unit: UnitDetail }) {
  const { t, i18n } = useTranslation();
  const languages = paperLanguagesOf(unit);
  const [opened, setOpened] = useState(false);
  const [language, setLanguage] = useState<string | null>(null);
  const [postalAddress, setPostalAddress] = useState('');
  const [contact, setContact] = useState('');
  const mutation = useMutation({
    mutationFn: (request: PaperRequestBody) => requestPaperInstructions(unit.serialNumber, request),
  });
  if (languages.length === 0) return null;
  const chosen = language ?? languages[0]!;
  const error = mutation.error instanceof ApiError ? (mutation.error.serverMessage ?? mutation.error.message) : mutation.error ? String(mutation.error) : null;
  const close = () => {
    setOpened(false);
    mutation.reset();
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} data-testid="paper-request-open" style={{ alignSelf: 'flex-start' }}>
        {t('units.paper.button')}
      </Button>
      <Modal opened={opened} onClose={close} closeOnClickOutside={false} title={t('units.paper.title')}>
        {mutation.data ? (
          <Stack gap="sm" data-testid="paper-request-done">
            <Text>{t('units.paper.done', { date: formatDay(mutation.data.dueAt.slice(0, 10), i18n.language) })}</Text>
            <Button onClick={close}>{t('units.paper.close')}</Button>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              mutation.mutate({ language: chosen, postalAddress, contact });
            }}
          >
            <Stack gap="sm">
              <Text fz="sm" c="dimmed">{t('units.paper.intro')}</Text>
              <Select label={t('units.paper.language')} data={languages} value={chosen} onChange={setLanguage} allowDeselect={false} />
              <Textarea label={t('units.paper.postalAddress')} required autosize minRows={3} maxLength={500} data-autofocus value={postalAddress} onChange={(event) => setPostalAddress(event.currentTarget.value)} />
              <TextInput label={t('units.paper.contact')} required maxLength={200} value={contact} onChange={(event) => setContact(event.currentTarget.value)} />
              {error && <Alert color="red" data-testid="paper-request-error">{error}</Alert>}
              <Button type="submit" loading={mutation.isPending} disabled={!postalAddress.trim() || !contact.trim()}>
                {t('units.paper.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
