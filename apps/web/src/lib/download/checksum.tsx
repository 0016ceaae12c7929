import { ActionIcon, Code, Group, Tooltip } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../api-client/error-toast';
import { copyText } from '../copy-text';

/** How many leading hex digits stand for the whole checksum on screen. */
export const shortChecksumLength = 12;

interface ChecksumProps {
  sha256: string;
  fileName: string;
}

/** A file's SHA-256, shortened on screen (the whole value in a tooltip), with a button that copies all of it. */
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
    <Group gap={4} wrap="nowrap">
      <Tooltip label={sha256} fz="xs" multiline maw={320} style={{ wordBreak: 'break-all' }}>
        <Code data-sha256={sha256} data-testid="checksum">
          {sha256.slice(0, shortChecksumLength)}…
        </Code>
      </Tooltip>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} size="sm" aria-label={label} onClick={() => void copy()}>
          {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
