import { Alert, Badge, Button, Center, Divider, Group, Loader, Modal, MultiSelect, Radio, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRule, AdminDocument } from '@portal/contracts/admin-documents';
import type { DocumentGrant } from '@portal/contracts/document-grants';
import type { Role } from '@portal/contracts/users';
import { AccountsPicker } from '../../../components/account-picker/account-picker';
import { UserPicker } from '../../../components/account-picker/user-picker';
import { RemoveButton } from '../../../components/ui/remove-button';
import { TableHead } from '../../../components/ui/table-head';
import { formatDateTime } from '../../../lib/dates';
import {
  adminDocumentQueryOptions,
  documentGrantsQueryOptions,
  grantDocumentAccess,
  invalidateAdminDocuments,
  revokeDocumentAccess,
  updateAdminDocument,
} from '../api/admin-documents-api';
import { refusalMessage } from '../utils/error-message';
import { DialogFooter } from './dialog-footer';

/** Staff see every document whatever its audience: only the other roles are worth a rule. */
const ruleRoles: readonly Role[] = ['customer', 'partner'];

interface AccessModalProps {
  documentId: string | null;
  onClose: () => void;
  /** Called once everything is saved; the dialog closes then. */
  onDone: (title: string) => void;
}

/**
 * Who may see a document: everyone signed in, or (restricted) staff and the rules: roles, accounts and named
 * users (grants by e-mail, each until an optional end). Accounts and users are picked from the directory; everything
 * the dialog changes is saved together with its one Save button.
 */
export function AccessModal({ documentId, onClose, onDone }: AccessModalProps) {
  const { t } = useTranslation();
  const { data, error } = useQuery({ ...adminDocumentQueryOptions(documentId ?? ''), enabled: documentId !== null });
  const grants = useQuery({ ...documentGrantsQueryOptions(documentId ?? ''), enabled: documentId !== null });
  const loadError = error ?? grants.error;
  const ready = data && data.id === documentId && grants.data && grants.data.documentId === documentId;
  return (
    <Modal opened={documentId !== null} onClose={onClose} title={t('admin.access.title', { title: data?.id === documentId ? data.title : '' })} size="lg">
      {loadError && (
        <Alert color="red" role="alert">
          {refusalMessage(loadError, t('admin.errors.loadFailed'))}
        </Alert>
      )}
      {!ready && !loadError && (
        <Center py="lg">
          <Loader aria-label={t('admin.loading')} />
        </Center>
      )}
      {ready && <AccessForm key={data.id} document={data} grants={grants.data.grants} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

/** The rules the form edits (roles, accounts) put back with the named-user rules, which the grants section manages. */
export function accessRulesOf(form: { roles: Role[]; accounts: string[] }, current: AdminDocument['access']): AccessRule[] {
  const users: AccessRule[] = current
    .filter((rule) => rule.kind === 'user')
    .map((rule) => ({ kind: 'user', value: rule.value, ...(rule.expiresAt ? { expiresAt: rule.expiresAt } : {}) }));
  return [
    ...form.roles.map((value): AccessRule => ({ kind: 'role', value })),
    ...[...new Set(form.accounts.map((account) => account.trim()).filter(Boolean))].map((value): AccessRule => ({ kind: 'account', value })),
    ...users,
  ];
}

/** How long a new grant lasts: for good, a fixed time from now, or until the end of a chosen day. */
const grantEnds = ['never', 'week', 'month', 'quarter', 'year', 'date'] as const;
type GrantEnd = (typeof grantEnds)[number];
const endDays: Record<Exclude<GrantEnd, 'never' | 'date'>, number> = { week: 7, month: 30, quarter: 90, year: 365 };

/** The end of a new grant as an ISO time (null: never), or undefined while a chosen day is missing or past. */
export function grantEndOf(end: GrantEnd, day: string, now = new Date()): string | null | undefined {
  if (end === 'never') return null;
  if (end !== 'date') return new Date(now.getTime() + endDays[end] * 86_400_000).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  // Until the end of that day where the admin is.
  const until = new Date(`${day}T23:59:59`);
  return Number.isNaN(until.getTime()) || until <= now ? undefined : until.toISOString();
}

interface PendingGrant {
  mail: string;
  expiresAt: string | null;
}

/** The changes the dialog holds: the audience and its rules against the document, grants to add and to revoke. */
export interface AccessChanges {
  rules: { audience: AdminDocument['audience']; access: AccessRule[] } | null;
  add: PendingGrant[];
  revoke: string[];
}

function AccessForm({ document, grants, onClose, onDone }: { document: AdminDocument; grants: DocumentGrant[]; onClose: () => void; onDone: (title: string) => void }) {
  const { t, i18n } = useTranslation();
  const [audience, setAudience] = useState(document.audience);
  const [roles, setRoles] = useState(document.access.filter((rule) => rule.kind === 'role').map((rule) => rule.value as Role));
  const [accounts, setAccounts] = useState(document.access.filter((rule) => rule.kind === 'account').map((rule) => rule.value));
  const [added, setAdded] = useState<PendingGrant[]>([]);
  const [revoked, setRevoked] = useState<string[]>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [end, setEnd] = useState<GrantEnd>('never');
  const [day, setDay] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pickedEnd = grantEndOf(end, day);
  const restricted = audience === 'restricted';

  const addPicked = () => {
    if (!picked || pickedEnd === undefined) return;
    setAdded((current) => [...current.filter((grant) => grant.mail !== picked), { mail: picked, expiresAt: pickedEnd }]);
    setRevoked((current) => current.filter((mail) => mail !== picked));
    setPicked(null);
  };

  const changes = (): AccessChanges => {
    const access = accessRulesOf({ roles, accounts }, document.access);
    const before = accessRulesOf(
      { roles: document.access.filter((rule) => rule.kind === 'role').map((rule) => rule.value as Role), accounts: document.access.filter((rule) => rule.kind === 'account').map((rule) => rule.value) },
      document.access,
    );
    const rulesChanged = audience !== document.audience || JSON.stringify(access) !== JSON.stringify(before);
    // A user picked but not added yet is added too: Save means "as the dialog shows it".
    const pending = picked && pickedEnd !== undefined && !added.some((grant) => grant.mail === picked) ? [...added, { mail: picked, expiresAt: pickedEnd }] : added;
    return { rules: rulesChanged ? { audience, access } : null, add: pending, revoke: revoked.filter((mail) => !pending.some((grant) => grant.mail === mail)) };
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (picked && pickedEnd === undefined) {
      setError(t('adminUsers.access.endDayMissing'));
      return;
    }
    const { rules, add, revoke } = changes();
    setSaving(true);
    setError(null);
    try {
      let title = document.title;
      if (rules) title = (await updateAdminDocument(document.id, rules)).title;
      for (const mail of revoke) await revokeDocumentAccess(document.id, mail);
      for (const grant of add) await grantDocumentAccess(document.id, grant.mail, grant.expiresAt);
      await invalidateAdminDocuments();
      onDone(title);
      onClose();
    } catch (cause) {
      // What was saved before the refusal stays: the lists show it once reloaded.
      await invalidateAdminDocuments();
      setError(refusalMessage(cause, t('admin.errors.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const rows: Array<{ mail: string; expiresAt: string | null; expired: boolean; state: 'kept' | 'added' | 'revoked' }> = [
    ...grants.filter((grant) => !added.some((pending) => pending.mail === grant.mail)).map((grant) => ({ ...grant, state: revoked.includes(grant.mail) ? ('revoked' as const) : ('kept' as const) })),
    ...added.map((grant) => ({ ...grant, expired: false, state: 'added' as const })),
  ];

  return (
    <form onSubmit={submit}>
      <Stack>
        <Radio.Group label={t('admin.fields.audience')} value={audience} onChange={(value) => setAudience(value as AdminDocument['audience'])}>
          <Stack gap="xs" mt="xs">
            <Radio value="everyone" label={t('admin.access.everyone')} />
            <Radio value="restricted" label={t('admin.access.restricted')} />
          </Stack>
        </Radio.Group>
        <MultiSelect
          label={t('admin.access.roles')}
          data={ruleRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={roles}
          onChange={(value) => setRoles(value as Role[])}
          disabled={!restricted}
          clearable
        />
        <AccountsPicker label={t('adminUsers.access.accounts')} description={t('adminUsers.access.accountsHint')} value={accounts} onChange={setAccounts} disabled={!restricted} />
        <Divider />
        <Title order={3} fz="md">
          {t('admin.access.users')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('admin.access.usersHint')}
        </Text>
        {rows.length === 0 && <Text fz="sm">{t('admin.access.noGrants')}</Text>}
        {rows.length > 0 && (
          <Table aria-label={t('admin.access.users')} verticalSpacing="xs">
            <TableHead headers={[t('admin.access.mail'), t('admin.access.expires'), <VisuallyHidden key="actions">{t('admin.documents.columns.actions')}</VisuallyHidden>]} />
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.mail}>
                  <Table.Td style={{ overflowWrap: 'anywhere', textDecoration: row.state === 'revoked' ? 'line-through' : undefined }}>{row.mail}</Table.Td>
                  <Table.Td>
                    {row.expiresAt ? formatDateTime(row.expiresAt, i18n.language) : t('admin.access.never')}
                    {row.expired && row.state !== 'revoked' && (
                      <Badge ml="xs" color="gray" variant="light">
                        {t('admin.access.expired')}
                      </Badge>
                    )}
                    {row.state !== 'kept' && (
                      <Badge ml="xs" color={row.state === 'added' ? 'green' : 'red'} variant="light">
                        {t(row.state === 'added' ? 'adminUsers.access.addedOnSave' : 'adminUsers.access.revokedOnSave')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.state === 'revoked' ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconArrowBackUp size={14} aria-hidden />}
                        aria-label={t('adminUsers.access.keep', { mail: row.mail })}
                        onClick={() => setRevoked((current) => current.filter((mail) => mail !== row.mail))}
                      >
                        {t('adminUsers.access.undo')}
                      </Button>
                    ) : (
                      <RemoveButton
                        color="red"
                        label={t('admin.access.revoke', { mail: row.mail })}
                        onClick={() =>
                          row.state === 'added' ? setAdded((current) => current.filter((grant) => grant.mail !== row.mail)) : setRevoked((current) => [...current, row.mail])
                        }
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="end" wrap="wrap" gap="sm">
          <UserPicker label={t('adminUsers.access.user')} placeholder={t('adminUsers.access.userPlaceholder')} value={picked} onChange={setPicked} flex={2} miw={220} />
          <Select
            label={t('adminUsers.access.ends')}
            data={grantEnds.map((value) => ({ value, label: t(`adminUsers.access.endChoices.${value}`) }))}
            value={end}
            allowDeselect={false}
            onChange={(value) => value && setEnd(value as GrantEnd)}
            flex={1}
            miw={160}
          />
          {end === 'date' && (
            <TextInput type="date" label={t('adminUsers.access.endDay')} value={day} onChange={(event) => setDay(event.currentTarget.value)} lang={i18n.language} miw={160} />
          )}
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addPicked} disabled={!picked || pickedEnd === undefined}>
            {t('adminUsers.access.add')}
          </Button>
        </Group>
        {picked && pickedEnd && (
          <Text fz="xs" c="dimmed">
            {t('adminUsers.access.endsOn', { date: formatDateTime(pickedEnd, i18n.language) })}
          </Text>
        )}
        <DialogFooter error={error} onCancel={onClose} cancelLabel={t('admin.cancel')} submitLabel={t('adminUsers.access.save')} saving={saving} />
      </Stack>
    </form>
  );
}
