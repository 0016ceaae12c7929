import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@portal/contracts/documents';
import { useDemoContentStore } from '../../../lib/demo-content/demo-content-store';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { ResultsList } from './results-list';

const empty: SearchResponse = { items: [], total: 0, page: 1, pageSize: 24, facets: { type: [], product: [], language: [] } };
const noop = () => undefined;

describe('ResultsList when nothing is found', () => {
  beforeAll(() => initTestI18n());
  afterEach(() => useDemoContentStore.setState({ state: null }));

  it('says the demo content is on its way while a first start prepares it', () => {
    useDemoContentStore.setState({ state: 'preparing' });
    renderWithProviders(<ResultsList data={empty} isError={false} onRetry={noop} onOpen={noop} onPage={noop} />);
    expect(screen.getByTestId('resources-empty')).toHaveTextContent('The demo content is on its way.');
    expect(screen.queryByText('No documents match your search.')).not.toBeInTheDocument();
  });

  it('says no document matches otherwise', () => {
    useDemoContentStore.setState({ state: 'ready' });
    renderWithProviders(<ResultsList data={empty} isError={false} onRetry={noop} onOpen={noop} onPage={noop} />);
    expect(screen.getByTestId('resources-empty')).toHaveTextContent('No documents match your search.');
  });
});
