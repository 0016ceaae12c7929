import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { fakeUploads } from '../../../test/fake-uploads';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { NewVersionModal } from './new-version-modal';

const manual: AdminDocumentListItem = {
  id: 'doc-1', serviceRef: 'SR1', title: 'Arm manual', typeCode: 'manual', languageCode: 'en', variantGroup: 'g-1', products: [],
  audience: { kind: 'everyone', rules: 0 }, state: 'published', scheduledAt: null, currentVersion: { id: 'v-1', resourceVersion: 'A' }, updatedAt: '2026-01-01T00:00:00.000Z',
};

async function sendNewVersion() {
  const onDone = vi.fn();
  renderWithProviders(<NewVersionModal document={manual} onClose={() => undefined} onDone={onDone} />);
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

  it('shows the server’s refusal in the dialog', async () => {
    fakeUploads(() => ({ status: 409, body: { error: 'conflict', message: 'Version B exists already.' } }));
    const { dialog, onDone } = await sendNewVersion();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Version B exists already.');
    expect(onDone).not.toHaveBeenCalled();
  });
});
