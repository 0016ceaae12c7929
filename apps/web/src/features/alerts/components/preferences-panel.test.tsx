import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { PreferencesPanel } from './preferences-panel';

const stored = { email: 'immediate', language: 'en-US', autoFollowDownloads: true };

function renderPanel(save: (body: unknown) => Response) {
  const api = fakeContentApi({
    '/api/Me/preferences': (_url, init) => (init.method === 'PUT' ? save(JSON.parse(String(init.body))) : json(200, stored)),
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PreferencesPanel />
    </QueryClientProvider>,
  );
  return api;
}

describe('PreferencesPanel', { timeout: 20_000 }, () => {
  beforeAll(() => initTestI18n('en-US'));
  afterEach(() => vi.restoreAllMocks());

  it('confirms a saved change with a toast', async () => {
    const toast = vi.spyOn(notifications, 'show');
    renderPanel((body) => json(200, { ...stored, ...(body as object) }));
    const frequency = await screen.findByLabelText('Mail frequency');
    await waitFor(() => expect(frequency).toBeEnabled());
    await userEvent.selectOptions(frequency, 'weekly');
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your preferences are saved.' })));
  });

  it('confirms nothing when the server refuses the change', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const { fetch } = renderPanel(() => json(400, { error: 'invalidParameters', message: 'no' }));
    const frequency = await screen.findByLabelText('Mail frequency');
    await waitFor(() => expect(frequency).toBeEnabled());
    await userEvent.selectOptions(frequency, 'off');
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(true));
    // Refused: the choice shows the stored value again.
    await waitFor(() => expect(frequency).toHaveValue('immediate'));
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ message: 'Your preferences are saved.' }));
  });
});
