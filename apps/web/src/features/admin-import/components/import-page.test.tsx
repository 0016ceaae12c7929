import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminImport, ImportPreviewBody } from '@portal/contracts/admin-import';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { fakeUploads, type SentUpload } from '../../../test/fake-uploads';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { ImportPage } from './import-page';

const id = '6f1c1d2e-8a5b-4c3d-9e0f-1a2b3c4d5e6f';
const summary = {
  id, source: 'Manuals', kind: 'folder', createdBy: 'publisher@demo.example', createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null, error: null, status: 'queued', progress: { done: 0, total: 3 }, counts: { added: 0, skipped: 0, refused: 0, failed: 0 }, publication: 'draft',
} satisfies Omit<AdminImport, 'report'>;
const running: AdminImport = { ...summary, status: 'running', progress: { done: 1, total: 3 }, counts: { added: 1, skipped: 0, refused: 0, failed: 0 }, report: null };
const finished: AdminImport = {
  ...summary, status: 'done', finishedAt: '2026-11-24T10:01:00.000Z', progress: { done: 3, total: 3 }, counts: { added: 2, skipped: 0, refused: 1, failed: 0 },
  report: {
    summary: { added: 2, skipped: 0, refused: 1, failed: 0, notImportable: 0 },
    files: [
      { path: 'GRIP20/D700_A_en_Gripper manual.pdf', outcome: 'added' },
      { path: 'Scans (old)/broken.pdf', outcome: 'refused', reason: "The file's content (unrecognised) does not match its extension .pdf." },
      { path: 'Scans (old)/drawing 17.tiff', outcome: 'added' },
    ],
    notImportable: [],
    ignoredFolders: [{ folder: 'Scans (old)', files: 2 }],
    created: [],
  },
};

const preview: ImportPreviewBody = {
  source: 'Manuals', kind: 'folder', summary: { documents: 2, versions: 0, skipped: 0, refused: 1 },
  files: [
    { path: 'GRIP20/D700_A_en_Gripper manual.pdf', action: 'document', serviceRef: 'D700', title: 'Gripper manual', typeCode: 'manual', languageCode: 'en', products: ['GRIP20'], resourceVersion: 'A' },
    { path: 'Scans (old)/broken.pdf', action: 'refuse', reason: "The file's content (unrecognised) does not match its extension .pdf.", serviceRef: 'D00000001', title: 'broken', typeCode: 'manual', languageCode: 'en', products: [], resourceVersion: 'A' },
    { path: 'Scans (old)/drawing 17.tiff', action: 'document', serviceRef: 'D00000002', title: 'Drawing of the flange', typeCode: 'manual', languageCode: 'en', products: [], resourceVersion: 'A' },
  ],
  notImportable: [], ignoredFolders: [{ folder: 'Scans (old)', files: 2 }], created: [],
};
const drafts = (states: Array<'published' | 'unpublished'>) => ({
  items: [
    { id: 'd1', serviceRef: 'D700', title: 'Gripper manual', typeCode: 'manual', languageCode: 'en', products: ['GRIP20'], status: states[0], scheduledAt: null, path: 'GRIP20/D700_A_en_Gripper manual.pdf' },
    { id: 'd2', serviceRef: 'D00000002', title: 'Drawing of the flange', typeCode: 'manual', languageCode: 'en', products: [], status: states[1], scheduledAt: null, path: 'Scans (old)/drawing 17.tiff' },
    { id: 'd3', serviceRef: 'D00000003', title: 'Notes', typeCode: 'manual', languageCode: 'en', products: [], status: states[2], scheduledAt: null, path: 'notes.pdf' },
  ],
});

/** The dry run answered 200 with the preview, the import itself 202 with the queued import. */
const dryRunThenImport = (upload: SentUpload) => ((upload.metadata as { dryRun?: boolean }).dryRun ? { status: 200, body: preview } : { status: 202, body: summary });

function renderPage(answers: AdminImport[], extra: Parameters<typeof fakeContentApi>[0] = {}) {
  let polls = 0;
  const api = fakeContentApi({
    ...extra,
    '/api/Admin/imports': () => json(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    [`/api/Admin/imports/${id}`]: () => json(200, answers[Math.min(polls++, answers.length - 1)]),
    [`/api/Admin/imports/${id}/report.csv`]: () => new Response('"path","outcome","reason"\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ImportPage />
    </QueryClientProvider>,
  );
  return api;
}

const withPath = (name: string, content: string, path: string) => {
  const file = new File([content], name);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
};

describe('import of a folder or zip from the console', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a chosen folder with its paths, follows the job to its end and shows the report, with the CSV', async () => {
    const sent = fakeUploads(dryRunThenImport);
    const api = renderPage([running, finished], { [`/api/Admin/imports/${id}/documents`]: () => json(200, drafts(['unpublished', 'unpublished', 'unpublished'])) });
    const user = userEvent.setup();
    const files = [withPath('D700_A_en_Gripper manual.pdf', '%PDF-', 'Manuals/GRIP20/D700_A_en_Gripper manual.pdf'), withPath('broken.pdf', 'no', 'Manuals/Scans (old)/broken.pdf'), withPath('drawing 17.tiff', 'II*', 'Manuals/Scans (old)/drawing 17.tiff')];
    const input = screen.getByTestId('import-folder-input');
    expect(input).toHaveAttribute('webkitdirectory');
    await user.upload(input, files);
    expect(screen.getByTestId('import-selection')).toHaveTextContent('Folder Manuals: 3 files');

    await user.click(screen.getByRole('button', { name: 'Check what would be imported' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('http://api.test/api/Admin/imports');
    const paths = ['GRIP20/D700_A_en_Gripper manual.pdf', 'Scans (old)/broken.pdf', 'Scans (old)/drawing 17.tiff'];
    expect(sent[0]!.metadata).toEqual({ kind: 'folder', dryRun: true, publication: 'draft', source: 'Manuals', paths });
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['D700_A_en_Gripper manual.pdf', 'broken.pdf', 'drawing 17.tiff']);
    await user.click(await screen.findByRole('button', { name: 'Import 2 files as drafts' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.metadata).toEqual({ kind: 'folder', dryRun: false, publication: 'draft', source: 'Manuals', paths });

    expect(await screen.findByRole('heading', { name: 'Import of Manuals' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('import-progress-text')).toHaveTextContent('1 of 3 files done · 1 added'));
    await waitFor(() => expect(screen.getByTestId('import-progress-text')).toHaveTextContent('3 of 3 files done · 2 added · 0 already there · 1 refused · 0 failed'), { timeout: 5_000 });
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');

    const refusedRow = screen.getByText('Scans (old)/broken.pdf').closest('tr')!;
    expect(within(refusedRow).getByText('Refused')).toBeInTheDocument();
    expect(within(refusedRow).getByText("The file's content (unrecognised) does not match its extension .pdf.")).toBeInTheDocument();
    expect(screen.getByText('Scans (old) (2 files)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Refused (1)' }));
    expect(screen.queryByText('Scans (old)/drawing 17.tiff')).toBeNull();

    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Download the report (CSV)' }));
    await waitFor(() => expect(api.calls(`/api/Admin/imports/${id}/report.csv`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Import another folder or zip' }));
    expect(screen.getByRole('button', { name: 'Choose a zip' })).toBeInTheDocument();
  });

  it('sends a dropped zip as a zip and shows why the server refused it', async () => {
    const sent = fakeUploads(() => ({ status: 400, body: { error: 'invalidParameters', message: 'The zip entry "../escape.pdf" leaves the folder.', details: [{ path: '../escape.pdf', message: 'leaves the folder' }] } }));
    renderPage([]);
    const zip = new File(['PK'], 'Document base.zip', { type: 'application/zip' });
    fireEvent.drop(screen.getByTestId('import-drop-area'), { dataTransfer: { files: [zip], items: [], types: ['Files'] } });
    expect(await screen.findByTestId('import-selection')).toHaveTextContent('Document base.zip');
    await userEvent.click(screen.getByRole('button', { name: 'Check what would be imported' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The zip entry "../escape.pdf" leaves the folder.../escape.pdf: leaves the folder');
    expect(sent[0]!.metadata).toEqual({ kind: 'zip', dryRun: true, publication: 'draft' });
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['Document base.zip']);
  });
  it('shows the dry run first (titles, references, refusals), imports on confirmation as chosen, then publishes two of three drafts from the review list', async () => {
    const sent = fakeUploads(dryRunThenImport);
    let published: unknown = null;
    let reviewed = 0;
    const api = renderPage([finished], {
      [`/api/Admin/imports/${id}/documents`]: () => json(200, reviewed++ === 0 ? drafts(['unpublished', 'unpublished', 'unpublished']) : drafts(['published', 'unpublished', 'published'])),
      '/api/Admin/documents/publish': (_url, init) => {
        published = JSON.parse(String(init.body));
        return json(200, { items: [{ id: 'd1', title: 'Gripper manual', status: 'published', scheduledAt: null }, { id: 'd3', title: 'Notes', status: 'published', scheduledAt: null }] });
      },
    });
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('import-zip-input'), new File(['PK'], 'Handbooks.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Check what would be imported' }));

    const table = await screen.findByRole('table', { name: 'What each file would become' });
    expect(screen.getByText('New documents: 2 · new versions: 0 · already there: 0 · refused: 1')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been created yet. Check the titles and references, then confirm.')).toBeInTheDocument();
    const drawing = within(table).getByText('Scans (old)/drawing 17.tiff').closest('tr')!;
    expect(drawing).toHaveTextContent('New documentDrawing of the flangeD00000002 Amanualen');
    const broken = within(table).getByText('Scans (old)/broken.pdf').closest('tr')!;
    expect(within(broken).getByText('Refused')).toBeInTheDocument();
    expect(within(broken).getByText("The file's content (unrecognised) does not match its extension .pdf.")).toBeInTheDocument();
    expect(sent).toHaveLength(1);

    // Publishing at a time needs a time in the future; "Publish now" goes as chosen.
    await user.click(screen.getByRole('radio', { name: 'Publish at a date and time' }));
    expect(screen.getByRole('button', { name: 'Import 2 files' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Keep as drafts and review them before publishing' }));
    await user.click(screen.getByRole('button', { name: 'Import 2 files as drafts' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.metadata).toEqual({ kind: 'zip', dryRun: false, publication: 'draft' });

    const review = await screen.findByRole('table', { name: 'Documents of this import' });
    expect(screen.getByText('3 drafts wait for review. Tick what is ready and publish it; readers see nothing until then.')).toBeInTheDocument();
    const boxes = within(review).getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    for (const box of boxes) expect(box).toBeChecked();
    await user.click(within(review).getByRole('checkbox', { name: 'Select Drawing of the flange' }));
    expect(within(review).getByRole('checkbox', { name: 'Select all drafts' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Publish 2 selected documents' }));
    await waitFor(() => expect(published).toEqual({ ids: ['d1', 'd3'] }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Documents of this import' })).getAllByText('Published')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Publish 0 selected documents' })).toBeDisabled();
    expect(api.calls('/api/Admin/documents/publish')).toHaveLength(1);
  });
});
