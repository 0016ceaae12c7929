import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/api-client/error-toast';
import { copyText } from '../../lib/copy-text';
import { buildShareLink } from '../../lib/documents/share-link';

export interface CopyShareLinkButtonProps {
  serviceRef: string;
  /** When given, the menu offers a link to this version as well as to the newest one. */
  resourceVersion?: string;
}

/** Issue #4 share: copies a `/DocumentLink/…` address and confirms with a positive toast. */
export function CopyShareLinkButton({ serviceRef, resourceVersion }: CopyShareLinkButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // The menu (a floating dropdown) is set up on the first click only: a result page holds 24 of these.
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The button the menu wraps replaces the one clicked: focus it, then open the menu (next frame,
  // once it is set up closed), so that the menu returns focus there when it closes.
  useEffect(() => {
    if (!used) return;
    buttonRef.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, [used]);

  const copy = async (version?: string) => {
    const link = buildShareLink(window.location.origin, serviceRef, version);
    try {
      await copyText(link);
      notifications.show({ color: 'green', title: t('documentActions.linkCopied'), message: link, autoClose: 5000 });
    } catch (error) {
      showErrorToast(error as Error);
    }
  };

  const button = (onClick?: () => void) => (
    <ActionIcon
      ref={buttonRef}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('documentActions.copyLink')}
      aria-haspopup="menu"
      aria-expanded={opened}
      onClick={onClick}
    >
      <IconLink size={20} stroke={1.7} />
    </ActionIcon>
  );
  if (!used) return button(() => setUsed(true));
  return (
    <Menu position="bottom-end" opened={opened} onChange={setOpened}>
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>
        {resourceVersion && (
          <Menu.Item onClick={() => void copy(resourceVersion)}>{t('documentActions.copyVersionLink', { version: resourceVersion })}</Menu.Item>
        )}
        <Menu.Item onClick={() => void copy()}>{t('documentActions.copyLatestLink')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
