import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/render';
import { contentLabel, exclusionCode } from './content-labels';

describe('contentLabel', () => {
  beforeAll(() => initTestI18n('fr-FR'));
  afterAll(() => initTestI18n('en-US'));

  it('answers the label of a code in the current language, the API name for a code it lacks', async () => {
    const i18n = await initTestI18n('fr-FR');
    expect(contentLabel(i18n.t, 'documentTypes', 'datasheet', 'Data sheet')).toBe('Fiche technique');
    expect(contentLabel(i18n.t, 'cadOptions', 'ceiling', 'Ceiling')).toBe('Plafond');
    expect(contentLabel(i18n.t, 'products', 'NEW99', 'New robot N-99')).toBe('New robot N-99');
  });

  it('never reads a code with key syntax as a key', async () => {
    const i18n = await initTestI18n('fr-FR');
    expect(contentLabel(i18n.t, 'products', 'cadOptions.ceiling', 'as sent')).toBe('as sent');
    expect(contentLabel(i18n.t, 'products', '', 'as sent')).toBe('as sent');
    expect(contentLabel(i18n.t, 'products', 'x'.repeat(81), 'as sent')).toBe('as sent');
  });

  it('keys an excluded pair the same in either order', () => {
    expect(exclusionCode('wall', 'arm-1200')).toBe(exclusionCode('arm-1200', 'wall'));
  });
});
