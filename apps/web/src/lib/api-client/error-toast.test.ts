import { notifications } from '@mantine/notifications';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/render';
import { ApiError } from './api-error';
import { showErrorToast } from './error-toast';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('showErrorToast', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('shows a red bottom-right toast for 5000 ms with the server message', () => {
    showErrorToast(new ApiError(409, { error: 'conflict', message: 'Already exists' }));
    expect(notifications.show).toHaveBeenLastCalledWith(
      expect.objectContaining({
        color: 'red',
        position: 'bottom-right',
        autoClose: 5000,
        title: 'Error',
        message: 'Already exists',
        closeButtonProps: { 'aria-label': 'Close message' },
      }),
    );
  });

  it('uses a translated text when the server gave none or could not be reached', () => {
    showErrorToast(new ApiError(500, undefined));
    expect(notifications.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'An unexpected error occurred. Please try again.' }),
    );
    showErrorToast(new TypeError('Failed to fetch'));
    expect(notifications.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'The server cannot be reached. Check your connection and try again.' }),
    );
  });
});
