import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DocumentData, PortalDocument } from '@portal/contracts/documents';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRecentlyOpenedStore } from '../../lib/documents/recently-opened-store';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { DocumentViewerDialog } from './document-viewer-dialog';

vi.mock('./lazy-pdf-viewer', () => ({
  loadPdfViewer: () => Promise.resolve(),
  LazyPdfViewer: ({ source }: { source: string }) => <div data-testid="pdf-viewer-double" data-source={source} />,
}));

const revision = (label: string, publishedAt: string, changeNote: string, isCurrent = false) => ({
  id: `ver-${label}`, resourceVersion: label, fileName: `arm6_${label}.pdf`, publishedAt, changeNote, isCurrent,
});

const manual: DocumentData = {
  id: 'doc-arm6', serviceRef: 'D28092504', title: 'ARM-6 manual', description: '', typeCode: 'manual', typeName: 'Manual',
  languageCode: 'en', downloadableDocument: true, audience: 'everyone', status: 'published', currentVersionId: 'ver-C', products: [],
  versions: [], revision: 'C', publishedAt: '2025-06-02T09:00:00.000Z',
  revisions: [
    revision('C', '2025-06-02T09:00:00.000Z', 'New troubleshooting codes', true),
    revision('B', '2025-03-10T09:00:00.000Z', ''),
    revision('A', '2024-11-04T09:00:00.000Z', 'First edition'),
  ],
  variants: [{ id: 'doc-arm6-fr', serviceRef: 'D28092505', title: 'ARM-6 manuel', languageCode: 'fr' }],
  translation: null,
};

const french: PortalDocument = {
  id: 'doc-arm6-fr', fileName: 'arm6_fr_A.pdf', title: 'ARM-6 manuel', downloadableDocument: true, serviceRef: 'D28092505', resourceVersion: 'A',
  versionId: 'ver-fr-A', mediaType: 'application/pdf', size: 10, typeCode: 'manual', languageCode: 'fr', publishedAt: '2025-01-01T00:00:00.000Z',
};

/** Revision A of the manual, as a link to it opens it. */
const revisionA: ViewerDocument = { id: 'doc-arm6', title: 'ARM-6 manual', fileName: 'arm6_A.pdf', downloadableDocument: true, serviceRef: 'D28092504', resourceVersion: 'A', versionId: 'ver-A' };

function storyApi(data: DocumentData | null = manual) {
  return fakeContentApi({
    '/api/Content/documentData': (url) =>
      !data ? json(500, { error: 'internal', message: 'boom' }) : url.searchParams.get('documentId') === 'doc-arm6-fr' ? json(200, { ...manual, id: 'doc-arm6-fr', serviceRef: 'D28092505', languageCode: 'fr', revision: 'A', revisions: [revision('A', '2025-01-01T00:00:00.000Z', 'Première édition', true)], variants: [] }) : json(200, data),
    '/api/Content/pdfPreview': (url) => json(200, { downloadUrl: `/files/${url.searchParams.get('documentId')}/${url.searchParams.get('versionId') ?? 'current'}.pdf` }),
    '/api/Content/documentByServiceRef': () => json(200, french),
  });
}

function renderViewer(document: ViewerDocument, onShownChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <DocumentViewerDialog document={document} opened onClose={vi.fn()} onShownChange={onShownChange} />
    </QueryClientProvider>,
  );
  return onShownChange;
}

describe('the viewer tells the document story', () => {
  afterEach(() => useRecentlyOpenedStore.setState({ entries: [] }));

  it('shows number, revision, date, language and type under the title', async () => {
    await initTestI18n('en-US');
    storyApi();
    renderViewer({ ...revisionA, fileName: 'arm6_C.pdf', resourceVersion: 'C', versionId: undefined });
    const facts = await screen.findByTestId('document-facts');
    expect([...facts.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'D28092504', 'Revision C', 'Jun 2, 2025', 'English', 'Manual',
    ]);
    expect(screen.queryByTestId('newer-revision-banner')).not.toBeInTheDocument();
  });

  it('says when a newer revision exists, in the reader’s language, and opens it in one click', async () => {
    await initTestI18n('fr-FR');
    const api = storyApi();
    const onShownChange = renderViewer(revisionA);
    const banner = await screen.findByTestId('newer-revision-banner');
    expect(banner).toHaveTextContent('Une révision plus récente (C, 2 juin 2025) existe.');
    expect(screen.getByTestId('pdf-viewer-double')).toHaveAttribute('data-source', 'http://api.test/files/doc-arm6/ver-A.pdf');

    await userEvent.click(within(banner).getByRole('button', { name: 'Ouvrir la révision C' }));
    await waitFor(() => expect(screen.getByTestId('pdf-viewer-double')).toHaveAttribute('data-source', 'http://api.test/files/doc-arm6/current.pdf'));
    expect(screen.queryByTestId('newer-revision-banner')).not.toBeInTheDocument();
    expect(onShownChange).toHaveBeenCalledWith(expect.objectContaining({ resourceVersion: 'C', versionId: undefined }));
    expect(api.calls('/api/Content/pdfPreview').at(-1)?.searchParams.has('versionId')).toBe(false);
  });

  it('lists every revision with its change note and the other languages; each opens in one click', async () => {
    await initTestI18n('en-US');
    storyApi();
    const onShownChange = renderViewer(revisionA);
    await userEvent.click(await screen.findByRole('button', { name: 'Revisions and languages' }));
    const details = screen.getByTestId('document-details');
    const items = within(details).getAllByRole('listitem').filter((item) => item.hasAttribute('data-revision'));
    expect(items.map((item) => item.getAttribute('data-revision'))).toEqual(['C', 'B', 'A']);
    expect(items[0]).toHaveTextContent('New troubleshooting codes');
    expect(items[1]).toHaveTextContent('No change note');
    expect(items[2]).toHaveAttribute('aria-current', 'true');

    await userEvent.click(within(items[1]).getByRole('button', { name: 'Open revision B' }));
    await waitFor(() => expect(screen.getByTestId('document-viewer')).toHaveAttribute('data-resource-version', 'B'));
    expect(await screen.findByTestId('pdf-viewer-double')).toHaveAttribute('data-source', 'http://api.test/files/doc-arm6/ver-B.pdf');

    await userEvent.click(within(screen.getByTestId('document-details')).getByRole('button', { name: 'Open in French' }));
    expect(await screen.findByRole('heading', { name: 'ARM-6 manuel' })).toBeInTheDocument();
    expect(onShownChange).toHaveBeenLastCalledWith({ id: 'doc-arm6-fr', title: 'ARM-6 manuel', fileName: 'arm6_fr_A.pdf', downloadableDocument: true, serviceRef: 'D28092505', resourceVersion: 'A' });
    await waitFor(() => expect(screen.getByTestId('document-facts')).toHaveTextContent('French'));
    expect(screen.getByTestId('document-details')).toHaveTextContent('This document exists in this language only.');
  });

  it('shows the title alone, without a toast, when the document data cannot be had', async () => {
    await initTestI18n('en-US');
    const api = storyApi(null);
    renderViewer(revisionA);
    await waitFor(() => expect(api.calls('/api/Content/documentData')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'ARM-6 manual' })).toBeInTheDocument();
    expect(screen.queryByTestId('document-facts')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revisions and languages' })).not.toBeInTheDocument();
    expect(api.notifyError).not.toHaveBeenCalled();
  });
});
