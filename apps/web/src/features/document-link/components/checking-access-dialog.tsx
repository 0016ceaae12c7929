import { Group, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §2: the blocking progress dialog shown while the document link's access is checked. */
export function CheckingAccessDialog() {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="auto"
      aria-label={t('documentLink.checkingAccess')}
      data-testid="checking-access-dialog"
    >
      <Group gap="md" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>{t('documentLink.checkingAccess')}</Text>
      </Group>
    </Modal>
  );
}
