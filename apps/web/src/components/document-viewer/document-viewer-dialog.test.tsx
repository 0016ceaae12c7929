import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
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

  it('says why when a preview fails, without a toast: loading ends and the body is not left empty', async () => {
    const api = fakeContentApi({ '/api/Content/pdfPreview': () => json(500, { error: 'internal', message: 'boom' }) });
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    expect(await screen.findByTestId('preview-failed')).toHaveTextContent('The preview could not be loaded');
    // A server fault's own message is not shown to readers.
    expect(screen.queryByTestId('preview-failed-reason')).not.toBeInTheDocument();
    expect(screen.queryByTestId('viewer-loader')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pdf-viewer-double')).not.toBeInTheDocument();
    expect(api.notifyError).not.toHaveBeenCalled();
  });

  it('gives the reason of a 422 from documentPreview (no LibreOffice) and offers the download instead', async () => {
    const api = fakeContentApi({
      '/api/Content/documentPreview': () => json(422, { error: 'noPreview', message: 'Office previews need LibreOffice, which is not installed on this server.' }),
      '/api/Content/download': () => json(200, { downloadUrl: '/files/token-dl/manual.docx' }),
    });
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, fileName: 'manual.docx' }} opened onClose={vi.fn()} />);
    const panel = await screen.findByTestId('preview-failed');
    expect(panel).toHaveTextContent('No preview can be made of this file');
    expect(screen.getByTestId('preview-failed-reason')).toHaveTextContent('Office previews need LibreOffice, which is not installed on this server.');
    expect(panel).toHaveTextContent('Download the file to open it on your computer.');
    await userEvent.click(screen.getByRole('button', { name: 'Download manual.docx' }));
    await waitFor(() => expect(api.calls('/api/Content/download')).toHaveLength(1));
  });

  it('names a missing rendition (404) and offers no download for a view-only document', async () => {
    fakeContentApi({ '/api/Content/documentPreview': () => json(404, { error: 'notFound', message: 'The PDF rendition is missing.' }) });
    renderDialog(<DocumentViewerDialog document={{ ...baseDocument, fileName: 'manual.docx', downloadableDocument: false }} opened onClose={vi.fn()} />);
    const panel = await screen.findByTestId('preview-failed');
    expect(panel).toHaveTextContent('The preview file was not found');
    expect(panel).toHaveTextContent('The PDF rendition is missing.');
    expect(panel).toHaveTextContent('This document may only be viewed here');
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('puts its close button first in keyboard order', async () => {
    contentApi();
    renderDialog(<DocumentViewerDialog document={baseDocument} opened onClose={vi.fn()} />);
    const close = screen.getByRole('button', { name: 'Close the viewer' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    expect(close).not.toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('R100 operating manual');
  });

  it('gives the focus back to what opened it when it closes', async () => {
    contentApi();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open R100 manual</button>
          {open && <DocumentViewerDialog document={baseDocument} opened onClose={() => setOpen(false)} />}
        </>
      );
    }
    renderDialog(<Page />);
    const opener = screen.getByRole('button', { name: 'Open R100 manual' });
    await userEvent.click(opener);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the viewer' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
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
