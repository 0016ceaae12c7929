import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UnitDetail, UnitDocument } from '@portal/contracts/units';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UnitPaperRequest } from './unit-paper-request';

const version = { versionId: 'v', resourceVersion: 'A', publishedAt: '2025-01-01T00:00:00.000Z', fileName: 'a.pdf', published: true, keptUntil: null };
const doc = (id: string, languageCode: string): UnitDocument => ({ id, serviceRef: id, title: id, typeCode: 'manual', languageCode, downloadable: true, current: version, atShipment: null });
const unit = {
  serialNumber: 'R100-0001', documents: [doc('man-fr', 'fr'), doc('man-en', 'en')], ownDocuments: [doc('cert', 'en')],
} as unknown as UnitDetail;

/**
 * Types into a field (focused first: the dialog's focus trap keeps a pointer click from moving focus in jsdom), and
 * waits until the field shows all of it.
 */
async function fill(field: HTMLElement, text: string, shown = text) {
  field.focus();
  await userEvent.keyboard(text);
  await waitFor(() => expect(field).toHaveValue(shown));
}

/** Opens the dialog and waits for its focus trap's first move of focus, which would otherwise land amid the typing. */
async function openDialog() {
  await userEvent.click(screen.getByTestId('paper-request-open'));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement | null));
}

function renderDialog() {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <UnitPaperRequest unit={unit} />
    </QueryClientProvider>,
  );
}

describe('UnitPaperRequest', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('sends the language, address and contact and shows the date it will be sent by', async () => {
    let sent: unknown;
    fakeContentApi({
      '/api/Units/R100-0001/paper-requests': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return json(201, { id: 'p1', state: 'requested', dueAt: '2027-02-28T10:00:00.000Z' });
      },
    });
    renderDialog();
    await openDialog();
    expect(screen.getByText('Printed instructions')).toBeInTheDocument();
    // The languages the unit's documents are available in, the first chosen.
    expect(screen.getAllByLabelText('Language')[0]).toHaveValue('en');
    await fill(screen.getByRole('textbox', { name: /Postal address/ }), 'ACME GmbH{Enter}Werkstraße 1', 'ACME GmbH\nWerkstraße 1');
    await fill(screen.getByRole('textbox', { name: /Contact/ }), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByTestId('paper-request-done');
    expect(sent).toEqual({ language: 'en', postalAddress: 'ACME GmbH\nWerkstraße 1', contact: 'Anna' });
    expect(screen.getByTestId('paper-request-done')).toHaveTextContent('will be sent by');
  });

  it("shows the server's reason when the request is refused", async () => {
    fakeContentApi({
      '/api/Units/R100-0001/paper-requests': () => json(429, { error: 'rateLimited', message: 'Unit R100-0001 already has 5 open paper requests; wait until one is shipped.' }),
    });
    renderDialog();
    await openDialog();
    await fill(screen.getByRole('textbox', { name: /Postal address/ }), 'ACME');
    await fill(screen.getByRole('textbox', { name: /Contact/ }), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByTestId('paper-request-error')).toHaveTextContent('already has 5 open paper requests'));
  });
});
