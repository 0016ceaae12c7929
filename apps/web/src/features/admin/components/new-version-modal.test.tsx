import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import type { AdminDocument } from '@portal/contracts/admin-documents';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { fakeUploads } from '../../../test/fake-uploads';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { NewVersionModal } from './new-version-modal';

const manual: AdminDocumentListItem = {
  id: 'doc-1', serviceRef: 'SR1', title: 'Arm manual', typeCode: 'manual', languageCode: 'en', variantGroup: 'g-1', products: [],
  audience: { kind: 'everyone', rules: 0 }, state: 'published', scheduledAt: null, currentVersion: { id: 'v-1', resourceVersion: 'A' }, updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The document's details as the console loads them: a translation of the English original when `sourceLanguage` is set. */
const details = (source: Pick<AdminDocument, 'sourceLanguage' | 'followsRevision'>): AdminDocument => ({
  id: 'doc-1', serviceRef: 'SR1', variantGroup: 'g-1', title: 'Arm manual', description: '', typeCode: 'manual', languageCode: 'de', ...source,
  products: [], downloadable: true, audience: 'everyone', access: [], status: 'published', scheduledAt: null, currentVersionId: 'v-1',
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', versions: [],
});
const serveDetails = (source: Pick<AdminDocument, 'sourceLanguage' | 'followsRevision'>) =>
  fakeContentApi({ '/api/Admin/documents/doc-1': () => json(200, details(source)) });

/** With a fresh query client each time (the document's details are loaded anew). */
const renderModal = (onDone: (title: string) => void) =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NewVersionModal document={manual} onClose={() => undefined} onDone={onDone} />
    </QueryClientProvider>,
  );

async function sendNewVersion() {
  const onDone = vi.fn();
  renderModal(onDone);
  const dialog = await screen.findByRole('dialog', { name: 'New version of Arm manual' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File(['%PDF-1.4'], 'arm-b.pdf', { type: 'application/pdf' }));
  expect(within(dialog).getByRole('textbox', { name: /^Version/ })).toHaveValue('B');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add version' }));
  return { dialog, onDone };
}

describe('NewVersionModal', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the file through the API client with the label, note and significance', async () => {
    const sent = fakeUploads(() => ({ status: 201, body: { id: 'doc-1' } }));
    const { onDone } = await sendNewVersion();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Arm manual'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: 'http://api.test/api/Admin/documents/doc-1/versions', method: 'POST', metadata: { resourceVersion: 'B', changeNote: '', significant: true } });
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['arm-b.pdf']);
  });

  it('asks a translation for the source revision it follows, starting from the one followed so far', async () => {
    const sent = fakeUploads(() => ({ status: 201, body: { id: 'doc-1' } }));
    serveDetails({ sourceLanguage: 'en', followsRevision: 'A' });
    renderModal(() => undefined);
    const follows = await screen.findByTestId('new-version-follows');
    expect(follows).toHaveValue('A');
    const dialog = screen.getByRole('dialog');
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'arm-b.pdf', { type: 'application/pdf' }));
    await userEvent.clear(follows);
    expect(within(dialog).getByRole('button', { name: 'Add version' })).toBeDisabled();
    await userEvent.type(follows, 'D');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add version' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.metadata).toEqual({ resourceVersion: 'B', changeNote: '', significant: true, followsRevision: 'D' });
  });

  it('asks an original for no source revision', async () => {
    const sent = fakeUploads(() => ({ status: 201, body: { id: 'doc-1' } }));
    const api = serveDetails({ sourceLanguage: null, followsRevision: null });
    const { onDone } = await sendNewVersion();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls('/api/Admin/documents/doc-1')).toHaveLength(1);
    expect(screen.queryByTestId('new-version-follows')).toBeNull();
    expect(sent[0]!.metadata).toEqual({ resourceVersion: 'B', changeNote: '', significant: true });
  });

  it('shows the server’s refusal in the dialog', async () => {
    fakeUploads(() => ({ status: 409, body: { error: 'conflict', message: 'Version B exists already.' } }));
    const { dialog, onDone } = await sendNewVersion();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Version B exists already.');
    expect(onDone).not.toHaveBeenCalled();
  });
});
