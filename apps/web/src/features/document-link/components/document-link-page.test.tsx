import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { DocumentLinkPage } from './document-link-page';

vi.mock('../../../components/document-viewer/lazy-pdf-viewer', () => ({
  loadPdfViewer: () => Promise.resolve(),
  LazyPdfViewer: () => <div data-testid="pdf-viewer-double" />,
}));

const document = {
  id: 'doc-7',
  fileName: 'r100-manual.pdf',
  title: 'R100 operating manual',
  downloadableDocument: true,
  serviceRef: 'D100',
  resourceVersion: 'B',
  versionId: 'ver-7b',
  mediaType: 'application/pdf',
  size: 1234,
  typeCode: 'manual',
  languageCode: 'en',
  publishedAt: '2030-01-01T00:00:00.000Z',
};

function LinkRoute() {
  const { documentData = '' } = useParams();
  return <DocumentLinkPage documentData={documentData} />;
}

function renderLink(documentData: string) {
  return renderRoutes(
    [
      { path: '/DocumentLink/:documentData', element: <LinkRoute /> },
      { path: '/resources', element: <p>Resources page</p> },
    ],
    `/DocumentLink/${documentData}`,
  );
}

function answer(status: number, body: unknown) {
  return fakeContentApi({
    '/api/Content/documentByServiceRef': () => json(status, body),
    '/api/Content/pdfPreview': () => json(200, { downloadUrl: '/files/t/r100-manual.pdf' }),
  });
}

describe('DocumentLinkPage', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the serviceRef and version of the link behind a blocking "checking access" dialog', async () => {
    let release: () => void = () => undefined;
    const api = fakeContentApi({
      '/api/Content/documentByServiceRef': () => new Promise((resolve) => (release = () => resolve(json(200, document)))),
    });
    renderLink('D100-B');
    expect(await screen.findByText('Checking access…')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('Checking access…')).toBeInTheDocument();
    const [call] = api.calls('/api/Content/documentByServiceRef');
    expect(Object.fromEntries(call.searchParams)).toEqual({ serviceRef: 'D100', resourceVersion: 'B' });
    release();
    expect(await screen.findByRole('heading', { name: 'R100 operating manual' })).toBeInTheDocument();
    expect(screen.queryByText('Checking access…')).not.toBeInTheDocument();
  });

  it('asks without a version for "always the newest"', async () => {
    const api = answer(200, document);
    renderLink('D100');
    await screen.findByTestId('pdf-viewer-double');
    expect(Object.fromEntries(api.calls('/api/Content/documentByServiceRef')[0].searchParams)).toEqual({ serviceRef: 'D100' });
    // The current version, whatever it is when the viewer asks.
    expect(api.calls('/api/Content/pdfPreview')[0].searchParams.has('versionId')).toBe(false);
  });

  it('opens the viewer on the version the link names; closing it goes to /resources', async () => {
    const api = answer(200, document);
    const router = renderLink('D100-B');
    await screen.findByTestId('pdf-viewer-double');
    expect(api.calls('/api/Content/pdfPreview')[0].searchParams.get('versionId')).toBe('ver-7b');
    await userEvent.click(screen.getByRole('button', { name: 'Close the viewer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
    expect(screen.getByText('Resources page')).toBeInTheDocument();
  });

  it.each([
    [404, { error: 'invalidParameters', message: 'x' }, 'This document link is not valid. Check that it was copied completely.'],
    [404, { error: 'documentNotFound', message: 'x' }, 'The document of this link does not exist or is no longer published.'],
    [404, { error: 'versionNotFound', message: 'x' }, 'This version of the document does not exist or is no longer published.'],
    [404, 'versionNotFound', 'This version of the document does not exist or is no longer published.'],
    [404, { error: 'somethingElse' }, 'The document of this link does not exist or is no longer published.'],
    [403, { error: 'forbidden', message: 'x' }, 'You are not allowed to see this document.'],
  ])('answers %i %j with the access-denied panel without contact section; closing goes to /resources', async (status, body, message) => {
    answer(status, body);
    const router = renderLink('D100-Z');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oops !' })).toBeInTheDocument();
    expect(screen.queryByTestId('access-denied-contact')).not.toBeInTheDocument();
    expect(notifications.show).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
  });

  it('answers a malformed link with the invalid-parameters message without asking the server', async () => {
    const api = answer(200, document);
    renderLink('-B');
    expect(await screen.findByText('This document link is not valid. Check that it was copied completely.')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it.each([500, 400, 502])('answers status %i with a negative toast of the unknown-error text and logs the error', async (status) => {
    const api = answer(status, { error: 'internal', message: 'Server message' });
    renderLink('D100');
    await waitFor(() => expect(notifications.show).toHaveBeenCalledTimes(1));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', position: 'bottom-right', message: 'An unexpected error occurred. Please try again.' }),
    );
    expect(console.error).toHaveBeenCalledWith('Document link failed', expect.objectContaining({ status }));
    expect(api.notifyError).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Oops !' })).not.toBeInTheDocument();
    expect(screen.queryByText('Checking access…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to resources' })).toBeInTheDocument();
  });
});
