import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentData } from '@portal/contracts/documents';
import { describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { TranslationBehindBanner } from './translation-behind-banner';

const german: DocumentData = {
  id: 'doc-arm6-de', serviceRef: 'D28092506', title: 'ARM-6 Handbuch', description: '', typeCode: 'manual', typeName: 'Handbuch',
  languageCode: 'de', downloadableDocument: true, audience: 'everyone', status: 'published', currentVersionId: 'ver-A', products: [],
  versions: [], revision: 'A', publishedAt: '2025-03-03T09:00:00.000Z', revisions: [],
  variants: [{ id: 'doc-arm6', serviceRef: 'D28092504', title: 'ARM-6 manual', languageCode: 'en' }],
  translation: { sourceLanguage: 'en', follows: 'A', sourceLatest: 'D', sourceDocumentId: 'doc-arm6', behind: true },
};

describe('TranslationBehindBanner', () => {
  it('says in English which source revision the translation follows and opens the source', async () => {
    await initTestI18n('en-US');
    const onOpenSource = vi.fn();
    renderWithProviders(<TranslationBehindBanner data={german} onOpenSource={onOpenSource} />);
    expect(screen.getByTestId('translation-behind-banner')).toHaveTextContent('This translation follows English revision A; revision D is newer.');
    await userEvent.click(screen.getByRole('button', { name: 'Open the English original' }));
    expect(onOpenSource).toHaveBeenCalledWith('D28092504');
  });

  it('speaks the reader’s language: German and French', async () => {
    await initTestI18n('de-DE');
    const { unmount } = renderWithProviders(<TranslationBehindBanner data={german} onOpenSource={vi.fn()} />);
    expect(screen.getByTestId('translation-behind-banner')).toHaveTextContent('Diese Übersetzung folgt Revision A des Originals auf Englisch; Revision D ist neuer.');
    unmount();
    await initTestI18n('fr-FR');
    renderWithProviders(<TranslationBehindBanner data={german} onOpenSource={vi.fn()} />);
    expect(screen.getByTestId('translation-behind-banner')).toHaveTextContent('Cette traduction suit la révision A en anglais ; la révision D est plus récente.');
  });

  it('shows nothing for an up-to-date translation or a source, and no link to a source the reader may not see', async () => {
    await initTestI18n('en-US');
    const { unmount } = renderWithProviders(
      <TranslationBehindBanner data={{ ...german, translation: { ...german.translation!, behind: false } }} onOpenSource={vi.fn()} />,
    );
    expect(screen.queryByTestId('translation-behind-banner')).toBeNull();
    unmount();
    const second = renderWithProviders(<TranslationBehindBanner data={{ ...german, translation: null }} onOpenSource={vi.fn()} />);
    expect(screen.queryByTestId('translation-behind-banner')).toBeNull();
    second.unmount();
    renderWithProviders(<TranslationBehindBanner data={{ ...german, variants: [] }} onOpenSource={vi.fn()} />);
    expect(screen.getByTestId('translation-behind-banner')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
