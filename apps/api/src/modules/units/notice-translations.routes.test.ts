import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { seedUnitFixtures } from './units.fixture.ts';

/* Notices get translations like documents (issue 31): readers see a notice in their language, else in its source language, marked so. */
describe.each(await testDialects())('notice translations on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const get = async (url: string, user: TestUserInput = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const send = async (method: 'POST' | 'PUT', url: string, payload: unknown, user: TestUserInput = testUsers.publisher) =>
    t.app.inject({ method, url, payload: payload as object, headers: await t.authHeaders(user) });
  const noticesOn = async (language: string) => (await get(`/api/Units/R100-0001?language=${language}`)).json().notices as Array<Record<string, string>>;

  it('publishes a notice with its translations and shows each reader their language, else the source marked by its language', async () => {
    const created = await send('POST', '/api/Admin/units/notices', {
      kind: 'safety', language: 'en', title: 'Check the brake', body: 'Replace the pads.', product: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0001',
      translations: [{ language: 'de', title: 'Bremse prüfen', body: 'Beläge ersetzen.' }],
    });
    expect(created.statusCode).toBe(201);
    const notice = created.json();
    expect(notice).toMatchObject({ language: 'en', sourceLanguage: 'en', title: 'Check the brake', translations: [{ language: 'de', title: 'Bremse prüfen', body: 'Beläge ersetzen.' }] });

    expect(await noticesOn('de')).toEqual([expect.objectContaining({ id: notice.id, title: 'Bremse prüfen', body: 'Beläge ersetzen.', language: 'de', sourceLanguage: 'en' })]);
    expect(await noticesOn('de-AT')).toEqual([expect.objectContaining({ title: 'Bremse prüfen', language: 'de' })]);
    // No French text yet: the English source, which says it is English.
    expect(await noticesOn('fr')).toEqual([expect.objectContaining({ title: 'Check the brake', language: 'en', sourceLanguage: 'en' })]);

    // The console adds the French text later; the French reader sees it from then on, and the change is audited.
    const translated = await send('PUT', `/api/Admin/units/notices/${notice.id}/translations/fr`, { title: 'Contrôler le frein', body: 'Remplacer les plaquettes.' });
    expect(translated.statusCode).toBe(200);
    expect(translated.json().translations.map((entry: { language: string }) => entry.language)).toEqual(['de', 'fr']);
    expect(await noticesOn('fr')).toEqual([expect.objectContaining({ title: 'Contrôler le frein', body: 'Remplacer les plaquettes.', language: 'fr' })]);
    // Replacing a text keeps one per language.
    await send('PUT', `/api/Admin/units/notices/${notice.id}/translations/fr`, { title: 'Contrôler le frein de l’axe', body: '' });
    expect((await noticesOn('fr'))[0]).toMatchObject({ title: 'Contrôler le frein de l’axe', body: '' });
    const listed = (await get('/api/Admin/units/notices', testUsers.publisher)).json().find((entry: { id: string }) => entry.id === notice.id);
    expect(listed.translations).toHaveLength(2);
    const audit = await t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'notice').where('objectId', '=', notice.id).orderBy('seq').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['publish', 'edit', 'edit']);
    expect(JSON.parse(audit[1]!.after!).translations).toEqual([
      { language: 'de', title: 'Bremse prüfen', body: 'Beläge ersetzen.' },
      { language: 'fr', title: 'Contrôler le frein', body: 'Remplacer les plaquettes.' },
    ]);
  });

  it('shows a notice written in German to an English reader in German, marked so', async () => {
    const created = (await send('POST', '/api/Admin/units/notices', { kind: 'change', language: 'de', title: 'Neues Fett', product: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0001' })).json();
    expect((await noticesOn('en')).find((notice) => notice.id === created.id)).toMatchObject({ title: 'Neues Fett', language: 'de', sourceLanguage: 'de' });
  });

  it('refuses a translation in the notice’s own language, twice the same language, bad codes and unknown notices, and non-publishers', async () => {
    const base = { kind: 'safety', title: 'T', product: 'R100' };
    expect((await send('POST', '/api/Admin/units/notices', { ...base, translations: [{ language: 'en', title: 'Same' }] })).statusCode).toBe(400);
    expect((await send('POST', '/api/Admin/units/notices', { ...base, translations: [{ language: 'de', title: 'A' }, { language: 'de', title: 'B' }] })).statusCode).toBe(400);
    expect((await send('POST', '/api/Admin/units/notices', { ...base, language: 'german' })).statusCode).toBe(400);
    expect((await send('POST', '/api/Admin/units/notices', { ...base, translations: [{ language: 'de', title: '' }] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 21 }, (_, n) => ({ language: `${String.fromCharCode(97 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`, title: 'x' }));
    expect((await send('POST', '/api/Admin/units/notices', { ...base, language: 'zz', translations: tooMany })).statusCode).toBe(400);

    const notice = (await send('POST', '/api/Admin/units/notices', base)).json();
    expect((await send('PUT', `/api/Admin/units/notices/${notice.id}/translations/en`, { title: 'Same' })).statusCode).toBe(400);
    expect((await send('PUT', `/api/Admin/units/notices/${notice.id}/translations/xx-yy-zz`, { title: 'Bad' })).statusCode).toBe(400);
    expect((await send('PUT', `/api/Admin/units/notices/${notice.id}/translations/de`, { title: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await send('PUT', '/api/Admin/units/notices/missing/translations/de', { title: 'Neu' })).statusCode).toBe(404);
    expect((await send('PUT', `/api/Admin/units/notices/${notice.id}/translations/de`, { title: 'Neu' }, testUsers.customer)).statusCode).toBe(403);
  });
});
