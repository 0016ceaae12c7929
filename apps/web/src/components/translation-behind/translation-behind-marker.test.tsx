import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { TranslationBehindMarker } from './translation-behind-marker';

const behind = { sourceLanguage: 'en', follows: 'A', sourceLatest: 'D', sourceDocumentId: 'doc-arm6', behind: true };

describe('TranslationBehindMarker', () => {
  it('says in German that the translation follows an older English revision', async () => {
    await initTestI18n('de-DE');
    renderWithProviders(<TranslationBehindMarker translation={behind} />);
    expect(screen.getByTestId('translation-behind-marker')).toHaveTextContent('Diese Übersetzung folgt Revision A des Originals auf Englisch; Revision D ist neuer.');
  });

  it('shows nothing for an up-to-date translation or a document that is none', async () => {
    await initTestI18n('en-US');
    const { unmount } = renderWithProviders(<TranslationBehindMarker translation={{ ...behind, behind: false }} />);
    expect(screen.queryByTestId('translation-behind-marker')).toBeNull();
    unmount();
    renderWithProviders(<TranslationBehindMarker translation={null} />);
    expect(screen.queryByTestId('translation-behind-marker')).toBeNull();
  });
});
