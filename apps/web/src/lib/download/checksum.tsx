import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../api-client/error-toast';
import { copyText } from '../copy-text';
import classes from './checksum.module.css';

interface ChecksumProps {
  sha256: string;
  fileName: string;
}

/** A file's SHA-256 in full (wrapping on narrow screens), labelled, with a button that copies it. */
export function Checksum({ sha256, fileName }: ChecksumProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const reset = useTimeout(() => setCopied(false), 2000);

  const copy = async () => {
    try {
      await copyText(sha256);
      setCopied(true);
      reset.start();
    } catch (error) {
      showErrorToast(error as Error);
    }
  };

  const label = copied ? t('downloads.checksumCopied') : t('downloads.copyChecksum', { fileName });
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text component="span" fz="xs" c="dimmed" className={classes.label}>
        {t('downloads.checksum')}
      </Text>
      <Code data-sha256={sha256} data-testid="checksum" className={classes.value}>
        {sha256}
      </Code>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} size="sm" aria-label={label} onClick={() => void copy()} className={classes.copy}>
          {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
