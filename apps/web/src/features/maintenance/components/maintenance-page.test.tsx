import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { MaintenancePage } from './maintenance-page';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/under-maintenance', element: <MaintenancePage /> }], { initialEntries: [url] });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('MaintenancePage', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the maintenance-until label with the formatted date and the support address', () => {
    const iso = new Date(2031, 5, 7, 8, 9, 10).toISOString();
    renderAt(`/under-maintenance?nextAvailability=${encodeURIComponent(iso)}`);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('The portal is under maintenance until', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('next-availability')).toHaveTextContent('2031-06-07 08:09:10');
    expect(screen.getByRole('link', { name: 'support@example.test' })).toHaveAttribute('href', 'mailto:support@example.test');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it('shows no date and logs on the console when the date cannot be parsed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/under-maintenance?nextAvailability=not-a-date');
    expect(screen.queryByTestId('next-availability')).not.toBeInTheDocument();
    expect(screen.getByText('The portal is under maintenance.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Wrong date format'));
  });
});
