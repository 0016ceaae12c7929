import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config';
import { LockedIllustration } from '../ui/locked-illustration';
import { MailLink } from '../ui/mail-link';

export interface AccessDeniedDialogProps {
  /** Translation key of the message shown under the heading. */
  message: string;
  /** Full-screen when true. */
  maximized?: boolean;
  /** A persistent dialog has no close button and cannot be closed. */
  persistent?: boolean;
  contactSectionVisible?: boolean;
  /** Emitted when the user closes a non-persistent dialog with its close button. */
  onClosed?: () => void;
}

/**
 * Spec §2 access-denied dialog: open from the start; escape and clicks outside never close it,
 * only the close button of a non-persistent dialog does.
 */
export function AccessDeniedDialog({
  message,
  maximized = true,
  persistent = true,
  contactSectionVisible = true,
  onClosed,
}: AccessDeniedDialogProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const close = () => {
    setOpened(false);
    onClosed?.();
  };

  return (
    <Modal.Root
      opened={opened}
      onClose={close}
      fullScreen={maximized}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      // Rendered in place so that it stays inside the page's landmarks.
      withinPortal={false}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="access-denied-dialog" data-maximized={maximized}>
        <Modal.Body h={maximized ? '100%' : undefined}>
          <Stack align="center" justify="center" gap="lg" ta="center" mih={maximized ? '100%' : undefined} py="xl">
            <LockedIllustration />
            {/* Focus starts on the heading, so screen readers read it and no link shows a focus ring. */}
            <Modal.Title fz={32} fw={700} lh={1.2} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
              {t('accessDenied.heading')}
            </Modal.Title>
            <Text fz="lg" maw={560}>
              {t(message)}
            </Text>
            {contactSectionVisible && (
              <Text maw={560} data-testid="access-denied-contact">
                <Trans
                  i18nKey="accessDenied.contact"
                  values={{ email: getConfig().salesContactEmail }}
                  components={{ mail: <MailLink email={getConfig().salesContactEmail} /> }}
                />
              </Text>
            )}
            {!persistent && (
              <Button variant="default" onClick={close}>
                {t('accessDenied.close')}
              </Button>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
