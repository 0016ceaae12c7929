import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminNotice } from '@portal/contracts/units';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { NoticesPanel } from './notices-panel';

const notice: AdminNotice = {
  id: 'n1', kind: 'safety', title: 'Check the brake', body: 'Test it.', publishedAt: '2026-01-01T00:00:00.000Z', product: 'R100', serialFrom: null, serialTo: null,
  options: [], closedAt: null, language: 'en', sourceLanguage: 'en', translations: [{ language: 'fr', title: 'Contrôler le frein', body: '' }],
};

function renderPanel() {
  const api = fakeContentApi({
    '/api/Admin/units/notices': (_url, init) => (init.method === 'POST' ? json(201, { ...notice, id: 'n2' }) : json(200, [notice])),
    '/api/Admin/units/notices/n1/translations/de': () => json(200, { ...notice, translations: [...notice.translations, { language: 'de', title: 'Bremse prüfen', body: '' }] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<QueryClientProvider client={client}><NoticesPanel /></QueryClientProvider>);
  return api;
}

const bodyOf = (api: ReturnType<typeof fakeContentApi>, path: string, method: string) => {
  const call = api.fetch.mock.calls.find(([input, init]) => String(input).endsWith(path) && init.method === method);
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('notice editor translations', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('publishes a notice with its German text beside the English one', async () => {
    const api = renderPanel();
    await userEvent.type(screen.getByRole('textbox', { name: /^Product/ }), 'R100');
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Check the brake');
    await userEvent.click(screen.getByRole('button', { name: 'Add a translation' }));
    const translations = screen.getByRole('group', { name: 'Translations' });
    // The first language not used yet is offered; pick German instead.
    await userEvent.click(within(translations).getByRole('combobox', { name: 'Language of the translation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'German' }));
    expect(screen.getByRole('button', { name: 'Publish notice' })).toBeDisabled();
    await userEvent.type(within(translations).getByRole('textbox', { name: /^Title in German/ }), 'Bremse prüfen');
    await userEvent.type(within(translations).getByRole('textbox', { name: 'Text in German' }), 'Bremse testen.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    await waitFor(() => expect(bodyOf(api, '/api/Admin/units/notices', 'POST')).toBeDefined());
    expect(bodyOf(api, '/api/Admin/units/notices', 'POST')).toMatchObject({
      language: 'en', title: 'Check the brake', translations: [{ language: 'de', title: 'Bremse prüfen', body: 'Bremse testen.' }],
    });
  });

  it('lists each notice’s languages and adds a translation to a published one', async () => {
    const api = renderPanel();
    expect(await screen.findByTestId('notice-languages')).toHaveTextContent('English, French');
    await userEvent.click(screen.getByRole('button', { name: 'Translate Check the brake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate the notice' });
    // French is there already: German, the language still missing, is offered.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Title in German/ }), 'Bremse prüfen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save translation' }));
    await waitFor(() => expect(bodyOf(api, '/api/Admin/units/notices/n1/translations/de', 'PUT')).toEqual({ title: 'Bremse prüfen', body: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
