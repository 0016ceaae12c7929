import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import type { AdminDocument } from '@portal/contracts/admin-documents';
import { queryClient } from '../../../lib/query-client';
import { toLocalInputValue } from '../../../lib/local-date-time';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { AccessModal, accessRulesOf } from './access-modal';
import { BulkEditModal, bulkChanges } from './bulk-edit-modal';
import { EditDocumentModal } from './edit-document-modal';
import { VersionsModal } from './versions-modal';
import { SchedulePublicationModal } from './schedule-publication-modal';

const item = (id: string, title: string): AdminDocumentListItem => ({
  id, serviceRef: id.toUpperCase(), variantGroup: id.toUpperCase(), title, typeCode: 'manual', languageCode: 'en', products: ['R100'],
  audience: { kind: 'everyone', rules: 0 }, state: 'published', scheduledAt: null, currentVersion: { id: `${id}-A`, resourceVersion: 'A' }, updatedAt: '2026-03-01T10:00:00.000Z',
});

const document: AdminDocument = {
  id: 'd1', serviceRef: 'D1', variantGroup: 'D1', title: 'Arm manual', description: '', typeCode: 'manual', languageCode: 'en', sourceLanguage: null, followsRevision: null, products: [], downloadable: true,
  audience: 'restricted',
  access: [
    { kind: 'account', value: 'ACME-001', expiresAt: null },
    { kind: 'role', value: 'partner', expiresAt: null },
    { kind: 'user', value: 'jane@example.com', expiresAt: '2030-01-01T00:00:00.000Z' },
  ],
  status: 'published', scheduledAt: null, currentVersionId: 'v1', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', versions: [],
};

const render = (ui: React.ReactElement) => renderWithProviders(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
const bodyOf = (api: ReturnType<typeof fakeContentApi>, path: string) =>
  JSON.parse(String(api.fetch.mock.calls.find(([input]) => new URL(String(input)).pathname === path)![1].body));

describe('console dialogs', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  beforeEach(() => queryClient.clear());

  describe('publish at…', () => {
    it('sends the chosen local time as an ISO time and says when it will be published', async () => {
      const user = userEvent.setup();
      const api = fakeContentApi({ '/api/Admin/documents/d1/publish': () => json(200, document) });
      const onDone = vi.fn();
      render(<SchedulePublicationModal document={item('d1', 'Arm manual')} onClose={() => undefined} onDone={onDone} />);
      const input = screen.getByLabelText(/Publication date and time/);
      const at = new Date(Date.now() + 3 * 86_400_000);
      at.setSeconds(0, 0);
      await user.clear(input);
      await user.type(input, toLocalInputValue(at.toISOString()));
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith('Arm manual', at.toISOString()));
      expect(bodyOf(api, '/api/Admin/documents/d1/publish')).toEqual({ at: at.toISOString() });
    });

    it('refuses a time in the past without asking the server', async () => {
      const user = userEvent.setup();
      const api = fakeContentApi({});
      render(<SchedulePublicationModal document={item('d1', 'Arm manual')} onClose={() => undefined} onDone={() => undefined} />);
      const input = screen.getByLabelText(/Publication date and time/);
      await user.clear(input);
      await user.type(input, '2020-01-01T10:00');
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Choose a time in the future.');
      expect(api.calls('/api/Admin/documents/d1/publish')).toHaveLength(0);
    });
  });

  describe('access', () => {
    const grants = {
      documentId: 'd1',
      grants: [
        { mail: 'jane@example.com', expiresAt: '2030-01-01T00:00:00.000Z', expired: false, grantedBy: null, createdAt: '2026-03-01T10:00:00.000Z' },
        { mail: 'old@example.com', expiresAt: '2025-01-01T00:00:00.000Z', expired: true, grantedBy: null, createdAt: '2024-03-01T10:00:00.000Z' },
      ],
    };
    const api = () =>
      fakeContentApi({
        '/api/Admin/documents/d1': (_url, init) => json(200, init.method === 'PATCH' ? { ...document, audience: 'everyone' } : document),
        '/api/Admin/documents/d1/grants': () => json(200, grants),
        '/api/Admin/documents/d1/grants/old%40example.com': () => new Response(null, { status: 204 }),
        '/api/Content/UserDocumentAccess': () => json(200, { mail: 'new@example.com', expiresAt: null, documentIds: ['d1'] }),
        '/api/Admin/directory/accounts': (url) =>
          json(200, {
            items: [
              { id: 'ACME-001', name: 'ACME Manufacturing', kind: 'customer' },
              { id: 'BETA-2', name: 'Beta Works', kind: 'customer' },
            ].filter((account) => `${account.id} ${account.name}`.toLowerCase().includes(url.searchParams.get('q') ?? '')),
          }),
        '/api/Admin/directory/users': (url) =>
          json(200, { items: [{ id: 'local-1', name: 'Nora Local', email: 'nora@example.com', account: 'ACME-001' }].filter((entry) => entry.name.toLowerCase().includes(url.searchParams.get('q') ?? '')) }),
      });

    it('shows the audience and its rules, and saves them keeping the named users', async () => {
      const user = userEvent.setup();
      const fake = api();
      const onDone = vi.fn();
      render(<AccessModal documentId="d1" onClose={() => undefined} onDone={onDone} />);
      expect(await screen.findByRole('radio', { name: 'Restricted: staff and the rules below' })).toBeChecked();
      expect(await screen.findByText('ACME Manufacturing (ACME-001)')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Everyone signed in' }));
      // One save for the whole dialog.
      expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Save access' }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith('Arm manual'));
      const patch = fake.fetch.mock.calls.find(([, init]) => init.method === 'PATCH')!;
      expect(JSON.parse(String(patch[1].body))).toEqual({
        audience: 'everyone',
        access: [
          { kind: 'role', value: 'partner' },
          { kind: 'account', value: 'ACME-001' },
          { kind: 'user', value: 'jane@example.com', expiresAt: '2030-01-01T00:00:00.000Z' },
        ],
      });
      // Nothing else changed: no grant was touched.
      expect(fake.calls('/api/Content/UserDocumentAccess')).toHaveLength(0);
    });

    it('picks an account from the directory instead of typing it', async () => {
      const user = userEvent.setup();
      const fake = api();
      render(<AccessModal documentId="d1" onClose={() => undefined} onDone={() => undefined} />);
      const accounts = await screen.findByRole('combobox', { name: 'Accounts' });
      await user.type(accounts, 'beta');
      // The server searches: what it answers is what the picker offers.
      await waitFor(() => expect(fake.calls('/api/Admin/directory/accounts').some((url) => url.searchParams.get('q') === 'beta')).toBe(true));
      await user.click(await screen.findByRole('option', { name: 'Beta Works (BETA-2)' }));
      await user.click(screen.getByRole('button', { name: 'Save access' }));
      await waitFor(() => expect(fake.fetch.mock.calls.some(([, init]) => init.method === 'PATCH')).toBe(true));
      const patch = fake.fetch.mock.calls.find(([, init]) => init.method === 'PATCH')!;
      expect(JSON.parse(String(patch[1].body)).access).toContainEqual({ kind: 'account', value: 'BETA-2' });
    });

    it('lists the grants, and on the one save revokes one and grants a user picked from the directory', async () => {
      const user = userEvent.setup();
      const fake = api();
      const onDone = vi.fn();
      render(<AccessModal documentId="d1" onClose={() => undefined} onDone={onDone} />);
      const table = await screen.findByRole('table', { name: 'Named users' });
      expect(within(table).getByText('jane@example.com')).toBeInTheDocument();
      expect(within(table).getByText('Expired')).toBeInTheDocument();
      // The end of Jane's access in the reader's language, with its time zone.
      expect(within(table).getByText(/Jan 1, 2030/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Revoke access of old@example.com' }));
      expect(within(table).getByText('Revoked on save')).toBeInTheDocument();

      await user.type(screen.getByRole('combobox', { name: 'User' }), 'nora');
      await user.click(await screen.findByRole('option', { name: 'Nora Local · nora@example.com' }));
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(await within(screen.getByRole('table', { name: 'Named users' })).findByText('Added on save')).toBeInTheDocument();
      // Nothing is sent before the save.
      expect(fake.calls('/api/Content/UserDocumentAccess')).toHaveLength(0);
      expect(fake.fetch.mock.calls.some(([, init]) => init.method === 'DELETE')).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Save access' }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith('Arm manual'));
      expect(fake.fetch.mock.calls.some(([input, init]) => String(input).endsWith('/grants/old%40example.com') && init.method === 'DELETE')).toBe(true);
      expect(Object.fromEntries(fake.calls('/api/Content/UserDocumentAccess')[0]!.searchParams)).toEqual({ mail: 'nora@example.com' });
      expect(bodyOf(fake, '/api/Content/UserDocumentAccess')).toEqual(['d1']);
      // The audience did not change: no PATCH.
      expect(fake.fetch.mock.calls.some(([, init]) => init.method === 'PATCH')).toBe(false);
    });

    it('puts the form rules back with the named users, once each', () => {
      expect(accessRulesOf({ roles: ['customer'], accounts: [' ACME-002 ', 'ACME-002', ''] }, document.access)).toEqual([
        { kind: 'role', value: 'customer' },
        { kind: 'account', value: 'ACME-002' },
        { kind: 'user', value: 'jane@example.com', expiresAt: '2030-01-01T00:00:00.000Z' },
      ]);
    });
  });

  describe('edit', () => {
    it('links the document to the language variants of another one found by title, and saves only that', async () => {
      const user = userEvent.setup();
      const fake = fakeContentApi({
        '/api/Admin/documents/d1': (_url, init) => (init.method === 'PATCH' ? json(200, { ...document, variantGroup: 'ARM' }) : json(200, document)),
        '/api/Admin/documents': (url) => {
          if (url.searchParams.get('variantGroup') === 'ARM') return json(200, { items: [{ ...item('arm-de', 'Arm Handbuch'), variantGroup: 'ARM', languageCode: 'de' }], total: 1 });
          if (url.searchParams.get('q') === 'handbuch') return json(200, { items: [{ ...item('arm-de', 'Arm Handbuch'), variantGroup: 'ARM', languageCode: 'de' }], total: 1 });
          return json(200, { items: [item('d1', 'Arm manual')], total: 1 });
        },
      });
      const onDone = vi.fn();
      const options = { types: [{ value: 'manual', label: 'Manual' }], products: [], languages: [{ value: 'en', label: 'English' }] };
      render(<EditDocumentModal documentId="d1" options={options} onClose={() => undefined} onDone={onDone} />);
      expect(await screen.findByText('No other language yet.')).toBeInTheDocument();
      await user.type(screen.getByRole('combobox', { name: 'Link as a language variant of' }), 'handbuch');
      await user.click(await screen.findByRole('option', { name: 'Arm Handbuch (ARM-DE, DE)' }));
      expect(await within(screen.getByTestId('language-variants')).findByText('DE · Arm Handbuch')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith('Arm manual'));
      const patch = fake.fetch.mock.calls.find(([input, init]) => new URL(String(input)).pathname === '/api/Admin/documents/d1' && init?.method === 'PATCH')!;
      expect(JSON.parse(String(patch[1]!.body))).toEqual({ variantGroup: 'ARM' });
    });
  });

  describe('versions', () => {
    it('lists every version, withdrawn ones too, and withdraws a published one', async () => {
      const user = userEvent.setup();
      const version = (id: string, resourceVersion: string, status: 'published' | 'unpublished') => ({
        id, resourceVersion, fileName: `arm-${resourceVersion}.pdf`, size: 2048, mediaType: 'application/pdf', sha256: 'x', status,
        publishedAt: '2026-03-01T10:00:00.000Z', changeNote: `Revision ${resourceVersion}`, significant: resourceVersion !== 'B',
      });
      const retainedA = { ...version('v1', 'A', 'unpublished'), retainedUntil: '2036-03-01' };
      const withVersions = { ...document, currentVersionId: 'v3', versions: [version('v3', 'C', 'published'), version('v2', 'B', 'published'), retainedA] };
      const fake = fakeContentApi({
        '/api/Admin/documents/d1': () => json(200, withVersions),
        '/api/Admin/documents/d1/versions/v3/unpublish': () => json(200, withVersions),
        '/api/Admin/documents/d1/versions/v2/unpublish': () => json(409, { error: 'conflict', message: 'The document changed meanwhile. Try again.' }),
      });
      const onDone = vi.fn();
      render(<VersionsModal documentId="d1" onClose={() => undefined} onDone={onDone} />);
      const rows = within(await screen.findByTestId('versions-table')).getAllByRole('row');
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining('Version'),
        expect.stringMatching(/^CCurrent.*Revision C.*Published.*Not needed by any shipped unit/),
        expect.stringMatching(/^B.*Minor change: followers were not alerted.*Published/),
        expect.stringMatching(/^A.*WithdrawnMar 1, 2036$/),
      ]);
      expect(screen.queryByRole('button', { name: 'Withdraw version A' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Withdraw version C' }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith('Version C of Arm manual withdrawn.'));
      expect(fake.calls('/api/Admin/documents/d1/versions/v3/unpublish')).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Withdraw version B' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The document changed meanwhile. Try again.');
    });
  });

  describe('bulk edit', () => {
    it('changes only the chosen fields, one request per document, and lists each refusal', async () => {
      const user = userEvent.setup();
      const fake = fakeContentApi({
        '/api/Admin/documents/d1': () => json(200, document),
        '/api/Admin/documents/d2': () => json(400, { error: 'invalidParameters', message: 'The metadata names unknown codes.' }),
      });
      const onDone = vi.fn();
      const options = { types: [{ value: 'manual', label: 'Manual' }], products: [], languages: [{ value: 'en', label: 'English' }, { value: 'de', label: 'German' }] };
      render(<BulkEditModal documents={[item('d1', 'Arm manual'), item('d2', 'Gripper sheet')]} options={options} onClose={() => undefined} onDone={onDone} />);
      expect(screen.getByRole('button', { name: 'Apply to 2 documents' })).toBeDisabled();
      await user.click(screen.getByRole('combobox', { name: 'Language' }));
      await user.click(await screen.findByRole('option', { name: 'German' }));
      await user.click(screen.getByRole('button', { name: 'Apply to 2 documents' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Gripper sheet: The metadata names unknown codes.');
      expect(onDone).toHaveBeenCalledWith([expect.objectContaining({ id: 'd1' })]);
      expect(bodyOf(fake, '/api/Admin/documents/d1')).toEqual({ languageCode: 'de' });
      expect(fake.calls('/api/Admin/documents/d2')).toHaveLength(1);
    });

    it('sends nothing for a field left empty', () => {
      expect(bulkChanges({ typeCode: null, languageCode: null, products: [], audience: 'restricted' })).toEqual({ audience: 'restricted' });
    });
  });
});
