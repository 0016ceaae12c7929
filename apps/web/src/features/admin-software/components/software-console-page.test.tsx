import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSoftwareItem, AdminSoftwareVersion } from '@portal/contracts/admin-software';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { fakeUploads } from '../../../test/fake-uploads';
import { SoftwareConsolePage } from './software-console-page';

const version = (patch: Partial<AdminSoftwareVersion>): AdminSoftwareVersion => ({
  id: 'v-2', versionNumber: '2.1', releaseDate: '2026-03-01', status: 'current', audience: 'everyone', access: [], releaseNotesDocumentId: null,
  files: [{ id: 'f-1', fileName: 'fw-2.1.bin', size: 2048, sha256: 'aa', mediaType: 'application/octet-stream' }], totalSize: 2048, createdAt: '2026-03-01T00:00:00.000Z',
  ...patch,
});

const firmware: AdminSoftwareItem = {
  id: 'sw-1', equipmentName: 'R100-Controller', name: 'R100 controller firmware', category: 'firmware', description: '', compatibleEquipment: ['R100'],
  audience: 'everyone', access: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z',
  versions: [version({}), version({ id: 'v-1', versionNumber: '2.2-beta', status: 'beta', audience: 'restricted', access: [{ kind: 'role', value: 'partner', expiresAt: null }] })],
};

function renderPage(handlers: Parameters<typeof fakeContentApi>[0]) {
  const api = fakeContentApi({ '/api/Admin/software': () => json(200, { items: [firmware] }), ...handlers });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SoftwareConsolePage />
    </QueryClientProvider>,
  );
  return api;
}

describe('SoftwareConsolePage', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the items and opens one’s versions from the keyboard, with status, release date and audience', async () => {
    renderPage({});
    const expand = await screen.findByRole('button', { name: 'Show the versions of R100 controller firmware' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expand.focus();
    await userEvent.keyboard('{Enter}');

    const versions = await screen.findAllByTestId('software-version');
    expect(versions).toHaveLength(2);
    expect(versions[0]).toHaveTextContent('2.1');
    expect(versions[0]).toHaveTextContent('Current');
    expect(versions[0]).toHaveTextContent('Mar 1, 2026');
    expect(versions[0]).toHaveTextContent('Everyone');
    expect(versions[1]).toHaveTextContent('Beta');
    expect(versions[1]).toHaveTextContent('Restricted');
    expect(screen.getByRole('button', { name: 'Hide the versions of R100 controller firmware' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('withdraws a version and changes another’s status', async () => {
    const patches: Array<{ path: string; body: unknown }> = [];
    renderPage({
      '/api/Admin/software/sw-1/versions/v-2': (url, init) => {
        patches.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return json(200, firmware);
      },
      '/api/Admin/software/sw-1/versions/v-1': (url, init) => {
        patches.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return json(200, firmware);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show the versions of R100 controller firmware' }));

    await userEvent.click(screen.getByRole('button', { name: 'Change R100 controller firmware 2.1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Withdraw (staff only)' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ path: '/api/Admin/software/sw-1/versions/v-2', body: { audience: 'restricted', access: [] } });

    await userEvent.click(screen.getByRole('button', { name: 'Change R100 controller firmware 2.2-beta' }));
    expect(screen.getByRole('menuitem', { name: 'Mark as Beta' })).toBeDisabled();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark as Current' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ path: '/api/Admin/software/sw-1/versions/v-1', body: { status: 'current' } });
  });

  it('creates an item, then uploads its first version with dropped files, and says which file cannot go', async () => {
    const created: AdminSoftwareItem = { ...firmware, id: 'sw-2', equipmentName: 'G20-Tool', name: 'G20 setup tool', category: 'pc-tool', versions: [] };
    const { fetch } = renderPage({ '/api/Admin/software': (_url, init) => (init.method === 'POST' ? json(201, created) : json(200, { items: [firmware] })) });
    const sent = fakeUploads(() => ({ status: 201, body: created }));

    await userEvent.click(await screen.findByRole('button', { name: 'New software item' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Equipment name/ }), 'G20-Tool');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'G20 setup tool');
    await userEvent.click(screen.getByRole('combobox', { name: /^Category/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'PC tools' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledWith('http://api.test/api/Admin/software', expect.objectContaining({ method: 'POST' })));
    const post = fetch.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toEqual({ equipmentName: 'G20-Tool', name: 'G20 setup tool', category: 'pc-tool', description: '', compatibleEquipment: [], audience: 'everyone', access: [] });

    // The new item's first version follows at once.
    const dialog = await screen.findByRole('dialog', { name: 'New version of G20 setup tool' });
    const files = [new File(['MZ…'], 'setup.exe'), new File([], 'empty.txt'), new File(['again'], 'SETUP.exe')];
    fireEvent.drop(within(dialog).getByTestId('upload-drop-area'), { dataTransfer: { files, types: ['Files'] } });
    const listed = within(dialog).getAllByTestId('version-file');
    expect(within(listed[1]!).getByRole('alert')).toHaveTextContent('This file is empty.');
    expect(within(listed[2]!).getByRole('alert')).toHaveTextContent('Another file has this name.');

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Version/ }), '1.0');
    const submit = within(dialog).getByRole('button', { name: 'Upload 3 files' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove empty.txt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove SETUP.exe' }));

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Status/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Beta' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Change note/ }), 'First release');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://api.test/api/Admin/software/sw-2/versions');
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['setup.exe']);
    expect(sent[0]!.metadata).toMatchObject({ versionNumber: '1.0', status: 'beta', audience: 'everyone', access: [], releaseNotesDocumentId: null, changeNote: 'First release' });
    expect(sent[0]!.metadata.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the server’s refusal beside the file it names, and keeps the form', async () => {
    renderPage({});
    fakeUploads(() => ({ status: 415, body: { error: 'unsupportedMediaType', message: 'tool.bin: the file’s content (exe) does not match its extension .bin.' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'New version of R100 controller firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of R100 controller firmware' });
    fireEvent.drop(within(dialog).getByTestId('upload-drop-area'), { dataTransfer: { files: [new File(['x'], 'notes.txt'), new File(['MZ'], 'tool.bin')], types: ['Files'] } });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Version/ }), '2.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));

    const [notes, tool] = await within(dialog).findAllByTestId('version-file');
    await waitFor(() => expect(within(tool!).getByRole('alert')).toHaveTextContent('does not match its extension .bin'));
    expect(within(notes!).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert').some((alert) => alert.textContent?.startsWith('tool.bin:'))).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: /^Version/ })).toHaveValue('2.2');
  });

  it('links the release notes document found by a search, restricted to partners', async () => {
    const notes = {
      id: 'doc-9', serviceRef: 'D9', title: 'Firmware 2.2 release notes', fileName: 'notes.pdf', typeCode: 'releaseNotes', languageCode: 'en', resourceVersion: 'A',
      versionId: 'dv-9', publishedAt: '2026-03-01T00:00:00.000Z', downloadable: true, mediaType: 'application/pdf', snippet: '', products: [], thumbnailUrl: null,
    };
    const { calls } = renderPage({
      '/api/Content/search': () => json(200, { items: [notes], total: 1, page: 1, pageSize: 20, facets: { type: [], product: [], language: [] } }),
    });
    const sent = fakeUploads(() => ({ status: 201, body: firmware }));
    await userEvent.click(await screen.findByRole('button', { name: 'New version of R100 controller firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of R100 controller firmware' });
    fireEvent.drop(within(dialog).getByTestId('upload-drop-area'), { dataTransfer: { files: [new File(['fw'], 'fw-2.2.bin')], types: ['Files'] } });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Version/ }), '2.2');

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Audience/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: /^Restricted/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Roles/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Partner' }));

    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Release notes document/ }), 'release notes');
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Firmware 2.2 release notes (D9)' }));
    expect(calls('/api/Content/search').at(-1)!.searchParams.get('q')).toBe('release notes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.metadata).toMatchObject({ versionNumber: '2.2', releaseNotesDocumentId: 'doc-9', audience: 'restricted', access: [{ kind: 'role', value: 'partner' }] });
  });

  it('says when the software items cannot be loaded', async () => {
    renderPage({ '/api/Admin/software': () => json(403, { error: 'forbidden', message: 'Publishers only.' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The software items could not be loaded.');
  });
});
