import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SoftwareListResponse } from '@portal/contracts/software';
import { useDemoContentStore } from '../../../lib/demo-content/demo-content-store';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { SoftwareList } from './software-list';

const empty: SoftwareListResponse = { items: [], total: 0, page: 1, pageSize: 12, facets: { category: [] } };
const noop = () => undefined;

describe('SoftwareList when nothing is found', () => {
  beforeAll(() => initTestI18n());
  afterEach(() => useDemoContentStore.setState({ state: null }));

  it('says the demo content is on its way while a first start prepares it', () => {
    useDemoContentStore.setState({ state: 'preparing' });
    renderWithProviders(<SoftwareList data={empty} isPending={false} isError={false} onRetry={noop} onPage={noop} />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('The demo content is on its way.');
  });

  it('says no software matches otherwise', () => {
    renderWithProviders(<SoftwareList data={empty} isPending={false} isError={false} onRetry={noop} onPage={noop} />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No software matches your search.');
  });
});
