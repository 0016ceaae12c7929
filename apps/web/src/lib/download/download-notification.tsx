import { Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import type { DownloadProgress } from './download-file';

/** Files above this size get a progress notification while they download. */
export const progressNotificationMinBytes = 1024 * 1024;

function percentOf({ loaded, total }: DownloadProgress): number {
  return total ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
}

function message(fileName: string, progress: DownloadProgress) {
  const percent = percentOf(progress);
  return (
    <>
      <Text size="sm" truncate="end">
        {fileName}
      </Text>
      <Progress value={percent} mt={6} aria-label={i18n.t('documentActions.downloadProgress', { percent })} />
    </>
  );
}

/** A notification showing a download's progress, updated once per whole percent. */
export function downloadProgressNotification(id: string, fileName: string) {
  let shown = false;
  let lastPercent = -1;
  return {
    update(progress: DownloadProgress): void {
      if (!progress.total || progress.total < progressNotificationMinBytes) return;
      const percent = percentOf(progress);
      if (percent === lastPercent) return;
      lastPercent = percent;
      const data = { id, title: i18n.t('documentActions.downloading'), message: message(fileName, progress), autoClose: false, withCloseButton: false, loading: true };
      if (shown) notifications.update(data);
      else notifications.show(data);
      shown = true;
    },
    done(): void {
      if (!shown) return;
      notifications.update({
        id,
        color: 'green',
        title: i18n.t('documentActions.downloaded'),
        message: fileName,
        loading: false,
        autoClose: 5000,
        withCloseButton: true,
      });
    },
    failed(): void {
      if (shown) notifications.hide(id);
    },
  };
}
