import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { AccessDeniedDialog } from './access-denied-dialog';

describe('AccessDeniedDialog', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('by default is open, full-screen and persistent, with heading, translated message and contact block', () => {
    renderWithProviders(<AccessDeniedDialog message="accessDenied.notAuthorized" />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('data-maximized', 'true');
    expect(dialog).toHaveAttribute('data-full-screen', 'true');
    expect(screen.getByRole('heading', { name: 'Oops !' })).toBeInTheDocument();
    expect(screen.getByText('You are not authorized to access to this app...')).toBeInTheDocument();
    expect(screen.getByTestId('access-denied-contact')).toHaveTextContent(
      'Please contact your sales contact or send an email to: sales@example.test',
    );
    expect(screen.getByRole('link', { name: 'sales@example.test' })).toHaveAttribute('href', 'mailto:sales@example.test');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('stays open on Escape even when not persistent', async () => {
    const onClosed = vi.fn();
    renderWithProviders(<AccessDeniedDialog message="accessDenied.notAuthorized" persistent={false} onClosed={onClosed} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('when not persistent shows a close button that emits closed and closes it', async () => {
    const onClosed = vi.fn();
    renderWithProviders(<AccessDeniedDialog message="accessDenied.notAuthorized" persistent={false} onClosed={onClosed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides the contact block and is not full-screen when asked', () => {
    renderWithProviders(
      <AccessDeniedDialog message="maintenance.inProgress" contactSectionVisible={false} maximized={false} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('data-maximized', 'false');
    expect(dialog).not.toHaveAttribute('data-full-screen');
    expect(screen.getByText('The portal is under maintenance.')).toBeInTheDocument();
    expect(screen.queryByTestId('access-denied-contact')).not.toBeInTheDocument();
  });

  it('translates the message into the current language', async () => {
    await initTestI18n('fr-FR');
    renderWithProviders(<AccessDeniedDialog message="accessDenied.notAuthorized" />);
    expect(screen.getByText("Vous n'êtes pas autorisé à accéder à cette application...")).toBeInTheDocument();
    await initTestI18n('en-US');
  });
});
