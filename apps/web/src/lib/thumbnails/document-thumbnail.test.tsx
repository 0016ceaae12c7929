import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../api-client/client';
import { renderWithProviders } from '../../test/render';
import { DocumentThumbnail } from './document-thumbnail';
import { thumbnailCache } from './thumbnail-cache';

function renderThumbnail(documentId: string, initialUrl: string | null) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DocumentThumbnail documentId={documentId} fileName="manual.pdf" initialUrl={initialUrl} width={88} height={118} />
    </QueryClientProvider>,
  );
}

describe('DocumentThumbnail', () => {
  const fetch = vi.fn(async () => Response.json({ data: '/files/fetched.png' }));

  beforeEach(() => {
    thumbnailCache.clear();
    fetch.mockClear();
    apiClient.configure({ baseUrl: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  });
  afterEach(() => apiClient.configure({ fetch: (...args) => globalThis.fetch(...args) }));

  it('shows the URL a search result carried without any thumbnail call', async () => {
    renderThumbnail('doc-1', 'http://api.test/files/from-search.png');
    expect(screen.getByTestId('document-thumbnail')).toHaveAttribute('src', 'http://api.test/files/from-search.png');
    await new Promise((wait) => setTimeout(wait, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the type icon, then the picture from the thumbnail call when the result had none', async () => {
    renderThumbnail('doc-2', null);
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(await screen.findByTestId('document-thumbnail')).toHaveAttribute('src', 'http://api.test/files/fetched.png');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(thumbnailCache.get('doc-2')).toBe('http://api.test/files/fetched.png');
  });
});
