import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { MainNav, MobileNav } from './main-nav';

const renderAt = (path: string, nav: 'main' | 'phone') =>
  renderWithProviders(<MemoryRouter initialEntries={[path]}>{nav === 'main' ? <MainNav /> : <MobileNav onNavigate={() => undefined} />}</MemoryRouter>);

describe('navigation', () => {
  beforeAll(() => initTestI18n('en-US'));

  it.each(['main', 'phone'] as const)('offers My equipment in the %s navigation, current on a unit page too', (nav) => {
    renderAt('/units/R100-0001', nav);
    const link = screen.getByRole('link', { name: 'My equipment' });
    expect(link).toHaveAttribute('href', '/units');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Favourites' })).not.toHaveAttribute('aria-current');
  });
});
