import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
    renderWithProviders(<ResultsList data={empty} isError={false} onRetry={noop} onOpen={noop} onPage={noop} onRemoveFilter={noop} onClearFilters={noop} />);
    expect(screen.getByTestId('resources-empty')).toHaveTextContent('The demo content is on its way.');
    expect(screen.queryByText('No documents match your search.')).not.toBeInTheDocument();
  });

  it('says no document matches otherwise', () => {
    useDemoContentStore.setState({ state: 'ready' });
    renderWithProviders(<ResultsList data={empty} isError={false} onRetry={noop} onOpen={noop} onPage={noop} onRemoveFilter={noop} onClearFilters={noop} />);
    expect(screen.getByTestId('resources-empty')).toHaveTextContent('No documents match your search.');
  });

  it('says which filter hides the results and removes it on request, the others too', async () => {
    useDemoContentStore.setState({ state: 'ready' });
    const removeFilter = vi.fn();
    const clearFilters = vi.fn();
    const hidden: SearchResponse = { ...empty, withoutFilters: { each: [{ filter: 'type', total: 0 }, { filter: 'language', total: 3 }], all: 5 } };
    renderWithProviders(<ResultsList data={hidden} isError={false} onRetry={noop} onOpen={noop} onPage={noop} onRemoveFilter={removeFilter} onClearFilters={clearFilters} />);
    expect(screen.getByTestId('hidden-by-language')).toHaveTextContent('The Language filter hides 3 documents.');
    expect(screen.queryByTestId('hidden-by-type')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the Language filter' }));
    expect(removeFilter).toHaveBeenCalledWith('language');
    await userEvent.click(screen.getByRole('button', { name: 'Remove all filters (5 documents)' }));
    expect(clearFilters).toHaveBeenCalled();
    expect(screen.getByTestId('resources-empty')).toHaveTextContent('Your filters are still set');
  }, 20_000);

  it('suggests other words when no filter is set', () => {
    useDemoContentStore.setState({ state: 'ready' });
    renderWithProviders(<ResultsList data={empty} isError={false} onRetry={noop} onOpen={noop} onPage={noop} onRemoveFilter={noop} onClearFilters={noop} />);
    expect(screen.getByTestId('resources-empty')).toHaveTextContent('Check the spelling or try other words.');
  });
});
