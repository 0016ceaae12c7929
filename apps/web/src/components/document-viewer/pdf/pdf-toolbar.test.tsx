import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { PdfToolbar, type PdfToolbarProps } from './pdf-toolbar';

function renderToolbar(overrides: Partial<PdfToolbarProps> = {}) {
  const props: PdfToolbarProps = {
    state: { page: 1, pagesCount: 12, scale: 1.25 },
    printable: true,
    sidebarOpen: false,
    findOpen: false,
    onGoToPage: vi.fn(),
    onZoomIn: vi.fn(),
    onZoomOut: vi.fn(),
    onFit: vi.fn(),
    onToggleSidebar: vi.fn(),
    onToggleFind: vi.fn(),
    onPrint: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<PdfToolbar {...props} />);
  return props;
}

describe('PdfToolbar', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('wraps the next-page button from the last page to the first', async () => {
    const props = renderToolbar({ state: { page: 12, pagesCount: 12, scale: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onGoToPage).toHaveBeenCalledWith(1);
  });

  it('shows the page number, the page count and the zoom', () => {
    renderToolbar({ state: { page: 3, pagesCount: 12, scale: 1.25 } });
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('3');
    expect(screen.getByText('of 12')).toBeInTheDocument();
    expect(screen.getByText('125%')).toBeInTheDocument();
  });

  it('goes to a typed page, and ignores a page that does not exist', async () => {
    const props = renderToolbar();
    const input = screen.getByRole('textbox', { name: 'Page number' });
    await userEvent.clear(input);
    await userEvent.type(input, '7{Enter}');
    expect(props.onGoToPage).toHaveBeenCalledWith(7);
    await userEvent.clear(input);
    await userEvent.type(input, '99{Enter}');
    expect(props.onGoToPage).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('1');
  });

  it('offers print only when the document may be downloaded', async () => {
    const props = renderToolbar({ printable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(props.onPrint).toHaveBeenCalledTimes(1);
  });

  it('has no print button for a document that may not be downloaded', () => {
    renderToolbar({ printable: false });
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('follows the interface language', async () => {
    await initTestI18n('fr-FR');
    renderToolbar();
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeInTheDocument();
    expect(screen.getByText('sur 12')).toBeInTheDocument();
    await initTestI18n('en-US');
  });
});
