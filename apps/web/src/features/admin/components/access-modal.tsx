import { Alert, Badge, Button, Center, Divider, Group, Loader, Modal, MultiSelect, Radio, Stack, Table, TagsInput, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRule, AdminDocument } from '@portal/contracts/admin-documents';
import type { Role } from '@portal/contracts/users';
import { formatDateTime } from '../../../lib/download/format';
import { fromLocalInputValue } from '../../../lib/local-date-time';
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
import { RemoveButton } from '../../../components/ui/remove-button';
import { TableHead } from '../../../components/ui/table-head';

/** Staff see every document whatever its audience: only the other roles are worth a rule. */
const ruleRoles: readonly Role[] = ['customer', 'partner'];

interface AccessModalProps {
  documentId: string | null;
  onClose: () => void;
  onDone: (title: string) => void;
}

/**
 * Who may see a document: everyone signed in, or (restricted) staff and the rules: roles, customer
 * accounts and named users. Named users are the grants made by e-mail; each may expire.
 */
export function AccessModal({ documentId, onClose, onDone }: AccessModalProps) {
  const { t } = useTranslation();
  const { data, error } = useQuery({ ...adminDocumentQueryOptions(documentId ?? ''), enabled: documentId !== null });
  return (
    <Modal opened={documentId !== null} onClose={onClose} title={t('admin.access.title', { title: data?.id === documentId ? data.title : '' })} size="lg">
      {error && (
        <Alert color="red" role="alert">
          {refusalMessage(error, t('admin.errors.loadFailed'))}
        </Alert>
      )}
      {!data && !error && (
        <Center py="lg">
          <Loader aria-label={t('admin.loading')} />
        </Center>
      )}
      {data && data.id === documentId && (
        <Stack>
          <AudienceForm key={data.id} document={data} onClose={onClose} onDone={onDone} />
          <Divider />
          <Grants documentId={data.id} />
        </Stack>
      )}
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

function AudienceForm({ document, onClose, onDone }: { document: AdminDocument; onClose: () => void; onDone: (title: string) => void }) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState(document.audience);
  const [ruleRolesValue, setRuleRoles] = useState(document.access.filter((rule) => rule.kind === 'role').map((rule) => rule.value as Role));
  const [accounts, setAccounts] = useState(document.access.filter((rule) => rule.kind === 'account').map((rule) => rule.value));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      // The rules as last loaded: a grant made in this dialog is kept.
      const saved = await updateAdminDocument(document.id, { audience, access: accessRulesOf({ roles: ruleRolesValue, accounts }, document.access) });
      await invalidateAdminDocuments();
      onDone(saved.title);
    } catch (cause) {
      setError(refusalMessage(cause, t('admin.errors.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const restricted = audience === 'restricted';
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
          value={ruleRolesValue}
          onChange={(value) => setRuleRoles(value as Role[])}
          disabled={!restricted}
          clearable
        />
        <TagsInput
          label={t('admin.access.accounts')}
          description={t('admin.access.accountsHint')}
          value={accounts}
          onChange={setAccounts}
          disabled={!restricted}
          clearable
        />
        <DialogFooter error={error} onCancel={onClose} cancelLabel={t('admin.close')} submitLabel={t('admin.access.save')} saving={saving} />
      </Stack>
    </form>
  );
}

function Grants({ documentId }: { documentId: string }) {
  const { t, i18n } = useTranslation();
  const { data, error } = useQuery(documentGrantsQueryOptions(documentId));
  const [mail, setMail] = useState('');
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    setFailure(null);
    try {
      await work();
      await invalidateAdminDocuments();
      return true;
    } catch (cause) {
      setFailure(refusalMessage(cause, t('admin.errors.saveFailed')));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const grant = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await run('grant', () => grantDocumentAccess(documentId, mail.trim(), fromLocalInputValue(expires)))) {
      setMail('');
      setExpires('');
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('admin.access.users')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('admin.access.usersHint')}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {refusalMessage(error, t('admin.errors.loadFailed'))}
        </Alert>
      )}
      {data && data.grants.length === 0 && <Text fz="sm">{t('admin.access.noGrants')}</Text>}
      {data && data.grants.length > 0 && (
        <Table aria-label={t('admin.access.users')} verticalSpacing="xs">
          <TableHead headers={[t('admin.access.mail'), t('admin.access.expires'), <VisuallyHidden key="actions">{t('admin.documents.columns.actions')}</VisuallyHidden>]} />
          <Table.Tbody>
            {data.grants.map((grant) => (
              <Table.Tr key={grant.mail}>
                <Table.Td>{grant.mail}</Table.Td>
                <Table.Td>
                  {grant.expiresAt ? formatDateTime(grant.expiresAt, i18n.language) : t('admin.access.never')}
                  {grant.expired && (
                    <Badge ml="xs" color="gray" variant="light">
                      {t('admin.access.expired')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <RemoveButton
                    color="red"
                    label={t('admin.access.revoke', { mail: grant.mail })}
                    loading={busy === grant.mail}
                    onClick={() => void run(grant.mail, () => revokeDocumentAccess(documentId, grant.mail))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={grant}>
        <Group align="end" wrap="wrap">
          <TextInput type="email" label={t('admin.access.mail')} value={mail} onChange={(event) => setMail(event.currentTarget.value)} required maxLength={254} flex={2} miw={220} />
          <TextInput type="datetime-local" label={t('admin.access.expiresOptional')} value={expires} onChange={(event) => setExpires(event.currentTarget.value)} flex={1} miw={200} />
          <Button type="submit" loading={busy === 'grant'} disabled={!mail.trim()}>
            {t('admin.access.grant')}
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
