import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/render';
import { createPdfL10n } from './pdf-l10n';

function pageDiv(page: number): HTMLDivElement {
  const div = document.createElement('div');
  div.setAttribute('data-l10n-id', 'pdfjs-page-landmark');
  div.setAttribute('data-l10n-args', JSON.stringify({ page }));
  return div;
}

describe('pdf.js localisation adapter', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('labels the page landmarks in the current locale and follows a change of locale', async () => {
    const i18n = await initTestI18n('en-US');
    const root = document.createElement('div');
    root.append(pageDiv(1), pageDiv(2));
    const l10n = createPdfL10n(i18n);
    await l10n.translate(root);
    expect([...root.children].map((child) => child.getAttribute('aria-label'))).toEqual(['Page 1', 'Page 2']);

    await i18n.changeLanguage('fr-FR');
    await l10n.translate(root);
    expect(root.children[1].getAttribute('aria-label')).toBe('Page 2');
    expect(l10n.getLanguage()).toBe('fr-FR');

    await i18n.changeLanguage('de-DE');
    await l10n.translate(root);
    expect(root.children[0].getAttribute('aria-label')).toBe('Seite 1');
    await i18n.changeLanguage('en-US');
  });

  it('leaves unknown message ids alone and answers the fallback for them', async () => {
    const i18n = await initTestI18n('en-US');
    const l10n = createPdfL10n(i18n);
    const div = document.createElement('div');
    div.setAttribute('data-l10n-id', 'pdfjs-unknown');
    await l10n.translate(div);
    expect(div.hasAttribute('aria-label')).toBe(false);
    await expect(l10n.get('pdfjs-unknown', null, 'fallback')).resolves.toBe('fallback');
    await expect(l10n.get('pdfjs-page-landmark', { page: 3 }, 'x')).resolves.toBe('Page 3');
  });
});
