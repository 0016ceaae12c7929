import { afterAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/render';

describe('statistics counts in every language', () => {
  afterAll(() => initTestI18n('en-US'));

  it.each([
    ['en-US', 1, '1 view', '1 download'],
    ['en-US', 2, '2 views', '2 downloads'],
    ['de-DE', 1, '1 Aufruf', '1 Download'],
    ['de-DE', 2, '2 Aufrufe', '2 Downloads'],
    ['fr-FR', 1, '1 consultation', '1 téléchargement'],
    ['fr-FR', 0, '0 consultation', '0 téléchargement'],
    ['fr-FR', 2, '2 consultations', '2 téléchargements'],
  ] as const)('%s: %i gives "%s" and "%s"', async (language, count, views, downloads) => {
    const i18n = await initTestI18n(language);
    expect(i18n.t('adminStatistics.viewCount', { count, value: String(count) })).toBe(views);
    expect(i18n.t('adminStatistics.downloadCount', { count, value: String(count) })).toBe(downloads);
  });
});
