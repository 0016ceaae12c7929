import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { Checksum } from './checksum';

const sha256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('Checksum', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  // jsdom has no isSecureContext; copyText uses the Clipboard API only in a secure context.
  beforeEach(() => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  });
  afterEach(() => {
    delete (window as { isSecureContext?: boolean }).isSecureContext;
    vi.restoreAllMocks();
  });

  it('shows the whole checksum and copies it, then says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Checksum sha256={sha256} fileName="tc-link-2.2.pkg" />);
    expect(screen.getByTestId('checksum')).toHaveTextContent(new RegExp(`^${sha256}$`));

    await user.click(screen.getByRole('button', { name: 'Copy the SHA-256 checksum of tc-link-2.2.pkg' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(sha256);
    expect(await screen.findByRole('button', { name: 'Checksum copied' })).toBeInTheDocument();
  });

  it('goes back to offering the copy after two seconds', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Checksum sha256={sha256} fileName="a.bin" />);
    await user.click(screen.getByRole('button', { name: 'Copy the SHA-256 checksum of a.bin' }));
    expect(await screen.findByRole('button', { name: 'Checksum copied' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy the SHA-256 checksum of a.bin' })).toBeInTheDocument(), { timeout: 3000 });
  });

  it('shows the error toast, not the confirmation, when copying fails', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<Checksum sha256={sha256} fileName="a.bin" />);
    await user.click(screen.getByRole('button', { name: 'Copy the SHA-256 checksum of a.bin' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' })));
    expect(screen.queryByRole('button', { name: 'Checksum copied' })).not.toBeInTheDocument();
  });
});
