import { ActionIcon, Button, Loader, RingProgress, Tooltip, type ButtonProps } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { progressPercent, useFileDownload, type DownloadJob } from './use-file-download';

interface FileDownloadButtonProps {
  /** Built on click, so a button costs nothing until used. */
  job: () => DownloadJob;
  label: string;
  /** An icon-only button (label as tooltip and accessible name) or a labelled button. */
  variant?: 'icon' | 'button';
  zip?: boolean;
  buttonVariant?: ButtonProps['variant'];
  testId?: string;
}

/** Starts a download and shows its progress: a ring with a known size, a spinner otherwise. */
export function FileDownloadButton({ job, label, variant = 'icon', zip = false, buttonVariant = 'light', testId }: FileDownloadButtonProps) {
  const { download, downloading, progress } = useFileDownload();
  const percent = progressPercent(progress);
  const Icon = zip ? IconFileZip : IconDownload;
  const busy = percent === null ? <Loader size={16} /> : <RingProgress size={28} thickness={3} sections={[{ value: percent, color: 'brand' }]} />;
  const start = () => void download(job());

  if (variant === 'button') {
    return (
      <Button
        variant={buttonVariant}
        size="compact-sm"
        leftSection={downloading ? <Loader size={14} /> : <Icon size={16} aria-hidden />}
        onClick={start}
        disabled={downloading}
        aria-busy={downloading}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" size="lg" aria-label={label} aria-busy={downloading} onClick={start} disabled={downloading} data-testid={testId}>
        {downloading ? busy : <Icon size={20} stroke={1.7} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
