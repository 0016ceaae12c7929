import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertCadLibrary } from '../cad/index.ts';
import { insertSoftware } from '../software/index.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import { alertJobsSettled, mailsOf, startSmtpServer } from './alert-mail.fixture.ts';
import { announceCadLibraryRelease, announceSoftwareVersion } from './index.ts';

/*
 * Software versions, partner CAD library releases and unit notices reach their followers in the
 * portal and by mail (a real SMTP server), each only while the follower may see what it tells of.
 */

const acmeFan: TestUserInput = { sub: 'rel-acme', email: 'ann@acme.example', name: 'Ann', roles: ['customer'], account: 'ACME-001' };
const partnerFan: TestUserInput = { sub: 'rel-partner', email: 'pit@partner.example', name: 'Pit', roles: ['partner'], account: 'PARTNER-01' };
const globexFan: TestUserInput = { sub: 'rel-globex', email: 'gus@globex.example', name: 'Gus', roles: ['customer'], account: 'GLOBEX' };
const digestReader: TestUserInput = { sub: 'rel-digest', email: 'dina@acme.example', name: 'Dina', roles: ['customer'], account: 'ACME-001' };

const unitsCsv = [
  'serialNumber,model,options,account,shippedAt,site,partners',
  'R100-0001,R100,,ACME-001,2025-07-01,Plant 1,',
  'R100-0300,R100,,GLOBEX,2026-02-01,,',
].join('\n');

describe.each(await testDialects())('software, CAD and notice alerts on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const as = async (user: TestUserInput, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.authHeaders(user) });
  const mailsTo = ({ email = '' }: TestUserInput) => mailsOf(smtp.received, email);
  const notificationsOf = async (user: TestUserInput) => (await as(user, 'GET', '/api/Notifications')).json().items as Array<Record<string, unknown>>;
  const settle = async () => {
    t.app.jobs.wake();
    await alertJobsSettled(t);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@maker.example>' });
    await insertReferenceData(t.db);
    const csv = await t.app.inject({ method: 'POST', url: '/api/Admin/units/import', headers: { ...(await t.authHeaders(testUsers.admin)), 'content-type': 'text/csv' }, payload: unitsCsv });
    expect(csv.json().imported).toBe(2);
    for (const user of [acmeFan, partnerFan, globexFan]) expect((await as(user, 'PUT', '/api/Me/preferences', { email: 'immediate' })).statusCode).toBe(200);
    await as(partnerFan, 'PUT', '/api/Me/preferences', { language: 'fr-FR' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('tells the followers of a software item and of its products of a new version, a beta only those who may see it', async () => {
    await insertDocument(t.db, { id: 'rn-30', title: 'R100 firmware 3.0 release notes', products: ['R100'] });
    const software = await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'R100 FW',
      name: 'R100 firmware',
      compatibleEquipment: ['R100'],
      versions: [
        { number: '3.0', releaseDate: '2026-03-01', status: 'current', releaseNotesDocumentId: 'rn-30', files: [] },
        { number: '3.1-beta', releaseDate: '2026-03-02', status: 'beta', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], files: [] },
        { number: '2.0', releaseDate: '2025-01-01', status: 'previous', files: [] },
      ],
    });
    expect((await as(acmeFan, 'PUT', `/api/Follows/software/${software.itemId}`)).statusCode).toBe(200);
    expect((await as(partnerFan, 'PUT', '/api/Follows/product/R100')).statusCode).toBe(200);
    for (const id of Object.values(software.versionIds)) await announceSoftwareVersion(t.db, { id });
    await settle();

    const acme = await notificationsOf(acmeFan);
    expect(acme).toEqual([
      expect.objectContaining({ event: 'newSoftwareVersion', title: 'R100 firmware', versionLabel: '3.0', changeNote: 'R100 firmware 3.0 release notes', link: '/software/R100%20FW' }),
    ]);
    expect((await notificationsOf(partnerFan)).map((item) => item.versionLabel).sort()).toEqual(['3.0', '3.1-beta']);

    const [mail, ...others] = mailsTo(acmeFan);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('New software version 3.0 of R100 firmware');
    expect(mail?.text).toContain('Release notes: R100 firmware 3.0 release notes');
    expect(mail?.text).toContain('Open the software: http://localhost:8080/software/R100%20FW');
    expect(mailsTo(partnerFan).map((sent) => sent.subject).sort()).toEqual([
      'Nouvelle version 3.0 du logiciel R100 firmware',
      'Nouvelle version 3.1-beta du logiciel R100 firmware',
    ]);

    // Announcing again (a retried transaction, a second call) tells nobody twice.
    await announceSoftwareVersion(t.db, { id: software.versionIds['3.0']! });
    await settle();
    expect(mailsTo(acmeFan)).toHaveLength(1);

    // The beta made current for everyone: announced again, it reaches the customer now, and the partner not twice.
    const beta = software.versionIds['3.1-beta']!;
    await t.db.updateTable('software_versions').set({ status: 'current', audience: 'everyone' }).where('id', '=', beta).execute();
    await announceSoftwareVersion(t.db, { id: beta }, 'made current');
    await settle();
    expect((await notificationsOf(acmeFan)).map((item) => item.versionLabel).sort()).toEqual(['3.0', '3.1-beta']);
    expect(mailsTo(acmeFan).map((sent) => sent.subject)).toContain('New software version 3.1-beta of R100 firmware');
    expect((await notificationsOf(partnerFan)).map((item) => item.versionLabel).sort()).toEqual(['3.0', '3.1-beta']);
    expect(mailsTo(partnerFan)).toHaveLength(2);
  });

  it('tells the followers of a partner CAD library and of its products of a new version, if they may see the library', async () => {
    const open = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'SolidWorks', name: 'R100 for SolidWorks', productCodes: ['R100'], versions: [{ version: '5.2', releaseDate: '2026-03-01', notes: 'Adds the ceiling mount.', files: [] }],
    });
    const partnersOnly = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'Creo', name: 'R100 for Creo', productCodes: ['R100'], audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      versions: [{ version: '1.0', releaseDate: '2026-03-01', files: [] }],
    });
    expect((await as(acmeFan, 'PUT', `/api/Follows/cad-library/${open.libraryId}`)).statusCode).toBe(200);
    expect((await as(globexFan, 'PUT', '/api/Follows/product/R100')).statusCode).toBe(200);
    await announceCadLibraryRelease(t.db, { id: open.versionIds['5.2']! });
    await announceCadLibraryRelease(t.db, { id: partnersOnly.versionIds['1.0']! });
    await settle();

    for (const user of [acmeFan, globexFan]) {
      expect((await notificationsOf(user)).filter((item) => item.event === 'newCadRelease')).toEqual([
        expect.objectContaining({ title: 'R100 for SolidWorks', versionLabel: '5.2', changeNote: 'Adds the ceiling mount.', link: '/cadFiles/partnersLibraries' }),
      ]);
    }
    expect((await notificationsOf(partnerFan)).filter((item) => item.event === 'newCadRelease').map((item) => item.title).sort()).toEqual(['R100 for Creo', 'R100 for SolidWorks']);
    const cadMail = mailsTo(acmeFan).find((sent) => sent.subject === 'New version 5.2 of the CAD library R100 for SolidWorks');
    expect(cadMail?.text).toContain('Version notes: Adds the ceiling mount.');
    expect(cadMail?.html).toContain('href="http://localhost:8080/cadFiles/partnersLibraries"');
  });

  it('tells the followers of a unit in range of a notice, in the portal and by mail, and not those of a unit outside it', async () => {
    expect((await as(acmeFan, 'PUT', '/api/Follows/unit/R100-0001')).statusCode).toBe(200);
    expect((await as(globexFan, 'DELETE', '/api/Follows/product/R100')).statusCode).toBe(204);
    expect((await as(globexFan, 'PUT', '/api/Follows/unit/R100-0300')).statusCode).toBe(200);
    const before = mailsTo(globexFan).length;
    const notice = await as(testUsers.publisher, 'POST', '/api/Admin/units/notices', {
      kind: 'safety', title: 'Check the brake', body: 'Replace the pads.', product: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0100',
    });
    expect(notice.statusCode).toBe(201);
    await settle();

    expect((await notificationsOf(acmeFan))[0]).toMatchObject({ event: 'notice', title: 'Check the brake', versionLabel: 'safety', link: '/units/R100-0001' });
    const mail = mailsTo(acmeFan).find((sent) => sent.subject === 'Safety notice: Check the brake');
    expect(mail?.text).toContain('Details: Replace the pads.');
    expect(mail?.text).toContain('Open the machine: http://localhost:8080/units/R100-0001');
    expect((await notificationsOf(globexFan)).some((item) => item.event === 'notice')).toBe(false);
    expect(mailsTo(globexFan)).toHaveLength(before);
  });

  it('mails nothing of what the reader may no longer see when the digest goes out', async () => {
    await as(digestReader, 'PUT', '/api/Me/preferences', { email: 'daily' });
    const software = await insertSoftware(t.db, t.app.storage, { equipmentName: 'G20 FW', name: 'G20 firmware', compatibleEquipment: ['G20'], versions: [{ number: '1.0', releaseDate: '2026-03-01', status: 'current', files: [] }] });
    const library = await insertCadLibrary(t.db, t.app.storage, { cadTool: 'Inventor', name: 'G20 for Inventor', productCodes: ['G20'], versions: [{ version: '2.0', releaseDate: '2026-03-01', files: [] }] });
    for (const url of [`/api/Follows/software/${software.itemId}`, `/api/Follows/cad-library/${library.libraryId}`, '/api/Follows/unit/R100-0001']) {
      expect((await as(digestReader, 'PUT', url)).statusCode).toBe(200);
    }
    await announceSoftwareVersion(t.db, { id: software.versionIds['1.0']! });
    await announceCadLibraryRelease(t.db, { id: library.versionIds['2.0']! });
    await as(testUsers.publisher, 'POST', '/api/Admin/units/notices', { kind: 'change', title: 'New grease', product: 'R100' });
    await settle();
    expect((await notificationsOf(digestReader)).map((item) => item.event).sort()).toEqual(['newCadRelease', 'newSoftwareVersion', 'notice']);

    // Before the digest: the reader moves to another company, and the software becomes partners only.
    await t.db.updateTable('users').set({ account: 'INITECH' }).where('sub', '=', digestReader.sub).execute();
    await t.db.updateTable('software_items').set({ audience: 'restricted' }).where('id', '=', software.itemId).execute();
    await enqueueJob(t.db, { kind: alertJobKinds.tick, payload: null });
    t.app.jobs.wake();
    await vi.waitFor(() => expect(mailsTo(digestReader)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    await alertJobsSettled(t);

    const [digest] = mailsTo(digestReader);
    expect(digest?.subject).toBe('New version 2.0 of the CAD library G20 for Inventor');
    expect(digest?.text).not.toContain('G20 firmware');
    expect(digest?.text).not.toContain('New grease');
    const statuses = await t.db.selectFrom('notifications').select(['event', 'mailStatus']).where('userSub', '=', digestReader.sub).orderBy('event').execute();
    expect(statuses).toEqual([
      { event: 'newCadRelease', mailStatus: 'sent' },
      { event: 'newSoftwareVersion', mailStatus: 'skipped' },
      { event: 'notice', mailStatus: 'skipped' },
    ]);
  });
});
