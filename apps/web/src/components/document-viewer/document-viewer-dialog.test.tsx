import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useRecentlyOpenedStore } from '../../lib/documents/recently-opened-store';
import { fakeContentApi, json } from '../../test/fake-content-api';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { DocumentViewerDialog } from './document-viewer-dialog';

// pdf.js needs a real canvas: the PDF viewer itself is covered end to end; here it reports what it got.
vi.mock('./lazy-pdf-viewer', () => ({
  loadPdfViewer: () => Promise.resolve(),
  LazyPdfViewer: ({ source, printable, onSettled }: { source: string | Blob; printable: boolean; onSettled: () => void }) => (
    <div data-testid="pdf-viewer-double" data-source={typeof source === 'string' ? source : `blob:${source.type}`} data-printable={printable}>
      <button onClick={onSettled}>first page painted</button>
    </div>
  ),
}));

const baseDocument: ViewerDocument = {
  id: 'doc-1',
  title: 'R100 operating manual',
  fileName: 'r100-manual.pdf',
  downloadableDocument: true,
  serviceRef: 'D100',
  resourceVersion: 'B',
};

function renderDialog(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function contentApi() {
  return fakeContentApi({
    '/api/Content/pdfPreview': () => json(200, { downloadUrl: '/files/token-pdf/r100-manual.pdf' }),
    '/api/Content/documentPreview': () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    '/api/Content/videoPreview': () => json(200, '/player/token-video/intro.mp4'),
  });
}

describe('DocumentViewerDialog', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  afterEach(() => useRecentlyOpenedStore.setState({ entries: [] }));

  it('is full-screen and titled with the document title, or the file name when there is none', () => {
    contentApi();
    const { rerender } = renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-full-screen', 'true');
    expect(screen.getByRole('heading', { name: 'R100 operating manual' })).toBeInTheDocument();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <DocumentViewerDialog document={{ ...baseDocument, title: '  ' }} opened onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'r100-manual.pdf' })).toBeInTheDocument();
  });

  it('is persistent: Escape and clicks outside do nothing, the close button closes', async () => {
    contentApi();
    const onClose = vi.fn();
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close the viewer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a PDF in the PDF viewer from the signed pdfPreview URL, with a spinner until the first page is painted', async () => {
    const api = contentApi();
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    expect(screen.getByTestId('viewer-loader')).toBeInTheDocument();
    const viewer = await screen.findByTestId('pdf-viewer-double');
    expect(viewer).toHaveAttribute('data-source', 'http://api.test/files/token-pdf/r100-manual.pdf');
    expect(api.calls('/api/Content/pdfPreview')[0].searchParams.get('documentId')).toBe('doc-1');
    expect(api.calls('/api/Content/pdfPreview')[0].searchParams.get('applicationId')).toBe('portal-web');
    expect(screen.getByTestId('viewer-loader')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'first page painted' }));
    expect(screen.queryByTestId('viewer-loader')).not.toBeInTheDocument();
  });

  it.each(['manual.docx', 'sheet.XLSX', 'slides.pptx', 'notes.rtf'])('shows %s in the PDF viewer from the documentPreview stream', async (fileName) => {
    const api = contentApi();
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, fileName }} opened onClose={vi.fn()} />);
    expect(await screen.findByTestId('pdf-viewer-double')).toHaveAttribute('data-source', 'blob:application/pdf');
    const [call] = api.calls('/api/Content/documentPreview');
    expect(call.searchParams.get('documentId')).toBe('doc-1');
    expect(call.searchParams.get('documentName')).toBe(fileName);
    expect(api.calls('/api/Content/pdfPreview')).toHaveLength(0);
  });

  it('plays a video in an embedded frame from videoPreview', async () => {
    const api = contentApi();
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, title: 'Intro', fileName: 'intro.MP4' }} opened onClose={vi.fn()} />);
    const frame = await screen.findByTitle('Intro');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'http://api.test/player/token-video/intro.mp4');
    expect(api.calls('/api/Content/videoPreview')[0].searchParams.get('videoName')).toBe('intro.MP4');
  });

  it('shows an image from its signed inline URL, loading until the image has loaded', async () => {
    const api = fakeContentApi({ '/api/Content/pdfPreview': () => json(200, { downloadUrl: '/files/token-img/photo.png' }) });
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, title: 'Gripper photo', fileName: 'photo.png' }} opened onClose={vi.fn()} />);
    const image = await screen.findByRole('img', { name: 'Gripper photo' });
    expect(image).toHaveAttribute('src', 'http://api.test/files/token-img/photo.png');
    expect(screen.getByTestId('viewer-loader')).toBeInTheDocument();
    image.dispatchEvent(new Event('load'));
    await waitFor(() => expect(screen.queryByTestId('viewer-loader')).not.toBeInTheDocument());
    expect(api.calls('/api/Content/download')).toHaveLength(0);
  });

  it.each(['archive.zip', 'drawing.dwg', 'README'])('shows the orange "File has no preview" banner for %s without asking for a preview', (fileName) => {
    const api = contentApi();
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, fileName }} opened onClose={vi.fn()} />);
    expect(screen.getByTestId('no-preview-banner')).toHaveTextContent('File has no preview');
    expect(screen.queryByTestId('viewer-loader')).not.toBeInTheDocument();
    // Only the document's data (number, revisions) is asked for: no preview call.
    expect(api.fetch.mock.calls.filter(([input]) => input.includes('/api/Content/') && !input.includes('/api/Content/documentData?'))).toEqual([]);
  });

  it('asks for the 3D preview of a CAD model and shows the no-preview banner while there is none', async () => {
    const api = fakeContentApi({ '/api/Content/modelPreview': () => json(404, { message: 'No 3D preview yet.' }) });
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, fileName: 'gripper.step' }} opened onClose={vi.fn()} />);
    expect(await screen.findByTestId('no-preview-banner')).toHaveTextContent('File has no preview');
    expect(api.calls('/api/Content/modelPreview')).toHaveLength(1);
    expect(screen.queryByTestId('viewer-loader')).not.toBeInTheDocument();
  });

  it('has the favourite star in its header', async () => {
    const api = fakeContentApi({
      '/api/Content/pdfPreview': () => json(200, { downloadUrl: '/files/t/r100-manual.pdf' }),
      '/api/Favorites/document/doc-1': () => json(200, { itemKind: 'document', itemId: 'doc-1', title: 'R100 operating manual', createdAt: '2030-01-01T00:00:00.000Z' }),
    });
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(api.calls('/api/Favorites/document/doc-1')).toHaveLength(1));
    expect(api.fetch.mock.calls.find(([input]) => input.endsWith('/api/Favorites/document/doc-1'))?.[1].method).toBe('PUT');
  });

  it('ignores preview errors: loading ends, no toast, nothing thrown', async () => {
    const api = fakeContentApi({ '/api/Content/pdfPreview': () => json(500, { error: 'internal', message: 'boom' }) });
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    await waitFor(() => expect(screen.queryByTestId('viewer-loader')).not.toBeInTheDocument());
    expect(screen.queryByTestId('pdf-viewer-double')).not.toBeInTheDocument();
    expect(api.notifyError).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers download and print only for a downloadable document', async () => {
    contentApi();
    const { unmount } = renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(await screen.findByTestId('pdf-viewer-double')).toHaveAttribute('data-printable', 'true');
    unmount();

    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, downloadableDocument: false }} opened onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('pdf-viewer-double')).toHaveAttribute('data-printable', 'false');
    expect(screen.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();
  });

  it('blocks printing while a non-downloadable document is open, and only then', () => {
    contentApi();
    const ctrlP = () => {
      const event = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { unmount } = renderDialog(<DocumentViewerDialog document={{ ...baseDocument, downloadableDocument: false }} opened onClose={vi.fn()} />);
    expect(ctrlP()).toBe(true);
    expect(document.documentElement).toHaveAttribute('data-print-blocked', 'true');
    unmount();
    expect(ctrlP()).toBe(false);

    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    expect(ctrlP()).toBe(false);
  });

  it('records the opened document for the home page', () => {
    contentApi();
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    expect(useRecentlyOpenedStore.getState().entries.map((entry) => entry.id)).toEqual(['doc-1']);
  });

  it('records nothing and loads nothing while closed', () => {
    const api = contentApi();
    renderDialog(<DocumentViewerDialog document={baseDocument} opened={false} onClose={vi.fn()} />);
    expect(useRecentlyOpenedStore.getState().entries).toEqual([]);
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
