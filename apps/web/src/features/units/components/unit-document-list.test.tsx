import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UnitDocument, UnitNotice } from '@portal/contracts/units';
import { setConfig } from '../../../lib/config';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders, testConfig } from '../../../test/render';
import { UnitDocumentList } from './unit-document-list';
import { UnitNotices } from './unit-notices';

const version = (resourceVersion: string, publishedAt: string) => ({
  versionId: `v-${resourceVersion}`, resourceVersion, publishedAt, fileName: `m_${resourceVersion}.pdf`, published: true, keptUntil: null,
});
const manual: UnitDocument = {
  id: 'd1', serviceRef: 'D28092504', title: 'ARM-6 manual', typeCode: 'manual', languageCode: 'en', downloadable: true,
  current: version('C', '2026-05-19T09:00:00.000Z'), atShipment: version('A', '2025-03-03T09:00:00.000Z'),
};
const withdrawn = { ...manual.atShipment!, published: false, keptUntil: '2035-03-03' };

const renderList = (documents: UnitDocument[], options: { markLanguage?: boolean; language?: string } = {}) =>
  renderWithProviders(
    <MemoryRouter>
      <UnitDocumentList title="Documents" documents={documents} testId="docs" serial="R100-0001" language={options.language ?? 'en'} markLanguage={options.markLanguage} />
    </MemoryRouter>,
  );

describe('unit page parts', { timeout: 30_000 }, () => {
  beforeAll(() => {
    initTestI18n();
    setConfig(testConfig);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  });

  it('links the current version and, beside it, the version valid at delivery', () => {
    renderList([manual, { ...manual, id: 'd2', serviceRef: 'D2', title: 'Data sheet', atShipment: null }]);
    const [first, second] = screen.getAllByTestId('unit-document');
    expect(within(first!).getByRole('link', { name: 'ARM-6 manual' })).toHaveAttribute('href', '/DocumentLink/D28092504');
    expect(within(first!).getByTestId('unit-document-at-shipment')).toHaveAttribute('href', '/DocumentLink/D28092504-A');
    expect(within(second!).queryByTestId('unit-document-at-shipment')).toBeNull();
    // Download and Print for each version shown.
    expect(within(first!).getAllByTestId('unit-version-download')).toHaveLength(2);
    expect(within(first!).getAllByTestId('unit-version-print')).toHaveLength(2);
    expect(within(second!).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('says when a translation is behind its source, and nothing for one that is up to date', () => {
    const translation = { sourceLanguage: 'en', follows: 'A', sourceLatest: 'C', sourceDocumentId: 'd1', behind: true };
    renderList([
      { ...manual, id: 'd-de', languageCode: 'de', translation },
      { ...manual, id: 'd-fr', languageCode: 'fr', translation: { ...translation, follows: 'C', behind: false } },
      { ...manual, translation: null },
    ]);
    const [behind, upToDate, source] = screen.getAllByTestId('unit-document');
    expect(within(behind!).getByTestId('translation-behind-marker')).toHaveTextContent('This translation follows English revision A; revision C is newer.');
    expect(within(upToDate!).queryByTestId('translation-behind-marker')).toBeNull();
    expect(within(source!).queryByTestId('translation-behind-marker')).toBeNull();
  });

  it("prints a version: asks the unit's inline URL of it and hands it to the browser's print in a hidden frame", async () => {
    const { calls } = fakeContentApi({ '/api/Units/R100-0001/files/v-C': () => json(200, { downloadUrl: '/files/token-c/m_C.pdf' }) });
    renderList([{ ...manual, atShipment: null }], { language: 'de' });
    await userEvent.click(screen.getByTestId('unit-version-print'));
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(document.querySelector('iframe')!.src).toBe('http://api.test/files/token-c/m_C.pdf');
    const [call] = calls('/api/Units/R100-0001/files/v-C');
    expect(Object.fromEntries(call!.searchParams)).toEqual({ disposition: 'inline', language: 'de' });
  });

  it('saves a version through its attachment URL', async () => {
    const { calls } = fakeContentApi({ '/api/Units/R100-0001/files/v-C': () => json(200, { downloadUrl: '/files/token-c/m_C.pdf' }) });
    const files = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved');
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderList([{ ...manual, atShipment: null }]);
    await userEvent.click(screen.getByTestId('unit-version-download'));
    await waitFor(() => expect(files).toHaveBeenCalledWith('http://api.test/files/token-c/m_C.pdf', expect.anything()));
    expect(calls('/api/Units/R100-0001/files/v-C')[0]!.searchParams.get('disposition')).toBe('attachment');
    await waitFor(() => expect(save).toHaveBeenCalled());
  });

  it('marks a withdrawn version kept for the machine and opens it from the unit, not the viewer', async () => {
    fakeContentApi({ '/api/Units/R100-0001/files/v-A': () => json(200, { downloadUrl: '/files/token-a/m_A.pdf' }) });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderList([{ ...manual, atShipment: withdrawn }]);
    expect(screen.getByTestId('unit-document-kept')).toHaveTextContent(/Withdrawn — kept for this machine until .*2035/);
    const link = screen.getByTestId('unit-document-at-shipment');
    expect(link).not.toHaveAttribute('href');
    await userEvent.click(link);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('http://api.test/files/token-a/m_A.pdf'));
    expect(tab.opener).toBeNull();
  });

  it('offers neither Download nor Print for a view-only document, and names another language where asked', () => {
    renderList([{ ...manual, downloadable: false, languageCode: 'de' }], { markLanguage: true });
    expect(screen.queryByTestId('unit-version-actions')).toBeNull();
    expect(screen.getByTestId('unit-document-other-language')).toHaveTextContent('Not available in your language: in DE');
  });

  it('shows nothing for an empty list, and a banner per notice', () => {
    const notices: UnitNotice[] = [{ id: 'n1', kind: 'safety', title: 'Check the brake', body: 'Test it.', publishedAt: '2026-01-01T00:00:00.000Z', language: 'en', sourceLanguage: 'en' }];
    renderWithProviders(<MemoryRouter><UnitDocumentList title="Own" documents={[]} testId="own" serial="R100-0001" language="en" /><UnitNotices notices={notices} /></MemoryRouter>);
    expect(screen.queryByTestId('own')).toBeNull();
    expect(screen.getByTestId('unit-notice')).toHaveTextContent('Safety notice: Check the brake');
  });
});
