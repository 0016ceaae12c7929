import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { ApiError } from './api-error';

/** Spec §8: the generic error toast, red and bottom-right (cancelled requests never reach here). */
export function showErrorToast(error: Error): void {
  notifications.show({
    color: 'red',
    position: 'bottom-right',
    autoClose: 5000,
    title: i18n.t('errors.title'),
    message: toastMessage(error),
    closeButtonProps: { 'aria-label': i18n.t('errors.closeMessage') },
  });
}

function toastMessage(error: Error): string {
  if (error instanceof ApiError) return error.serverMessage ?? i18n.t('errors.unknown');
  // fetch rejects with a TypeError when the server cannot be reached.
  return error instanceof TypeError ? i18n.t('errors.network') : i18n.t('errors.unknown');
}
