import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UnitNotice } from '@portal/contracts/units';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UnitNotices } from './unit-notices';

const notice = (id: string, language: string, title: string): UnitNotice => ({ id, kind: 'safety', title, body: 'Text.', publishedAt: '2026-01-01T00:00:00.000Z', language, sourceLanguage: 'en' });

describe('unit notices in the reader’s language', () => {
  beforeAll(() => initTestI18n('de-DE'));

  it('shows a German notice plainly and marks one only in its English source', () => {
    renderWithProviders(<UnitNotices notices={[notice('n1', 'de', 'Bremse prüfen'), notice('n2', 'en', 'New grease')]} />);
    const [german, english] = screen.getAllByTestId('unit-notice');
    expect(german).toHaveTextContent('Bremse prüfen');
    expect(german!.querySelector('[data-testid="unit-notice-source"]')).toBeNull();
    expect(english).toHaveTextContent('New grease');
    expect(english!.querySelector('[data-testid="unit-notice-source"]')).toHaveTextContent('Noch nicht auf Deutsch verfügbar: angezeigt auf Englisch');
    expect(english!.querySelector('[lang="en"]')).not.toBeNull();
  });
});
