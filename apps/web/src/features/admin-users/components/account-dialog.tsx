import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAccount, UpdateAccountBody } from '@portal/contracts/admin-users';
import { accountKinds, adminUsersLimits, type AccountKind } from '@portal/contracts/admin-users-values';
import { AccountsPicker } from '../../../components/account-picker/account-picker';
import { isAccountId } from '../../../components/account-picker/picker-options';
import { LabelledSegmentedControl } from '../../../components/ui/labelled-segmented-control';
import { useCreateAccount, useUpdateAccount } from '../api/admin-users-api';
import { DialogActions } from './dialog-actions';

export type AccountDialogTarget = { mode: 'create' } | { mode: 'edit'; account: AdminAccount };

interface AccountDialogProps {
  target: AccountDialogTarget | null;
  onClose: () => void;
  onSaved: (account: AdminAccount, message: 'created' | 'saved') => void;
}

interface AccountForm {
  id: string;
  name: string;
  kind: AccountKind;
  partners: string[];
}

/** The changes the form holds against the account (partners only for a customer: a partner has none). */
export function accountChanges(account: AdminAccount, form: AccountForm): UpdateAccountBody {
  const changes: UpdateAccountBody = {};
  if (form.name.trim() !== account.name) changes.name = form.name.trim();
  if (form.kind !== account.kind) changes.kind = form.kind;
  const partners = form.kind === 'customer' ? form.partners : [];
  const before = account.partners.map((partner) => partner.id);
  if (JSON.stringify([...partners].sort()) !== JSON.stringify([...before].sort())) changes.partners = partners;
  return changes;
}

/** Creates an account or changes one (one Save): name, customer or partner, and a customer's serving partners. */
export function AccountDialog({ target, onClose, onSaved }: AccountDialogProps) {
  const { t } = useTranslation();
  const title = target?.mode === 'edit' ? t('adminUsers.accounts.editTitle', { id: target.account.id }) : t('adminUsers.accounts.createTitle');
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg">
      {target && (
        <AccountFormBody
          key={target.mode === 'edit' ? target.account.id : 'new'}
          account={target.mode === 'edit' ? target.account : null}
          onClose={onClose}
          onSaved={(account) => onSaved(account, target.mode === 'edit' ? 'saved' : 'created')}
        />
      )}
    </Modal>
  );
}

function AccountFormBody({ account, onClose, onSaved }: { account: AdminAccount | null; onClose: () => void; onSaved: (account: AdminAccount) => void }) {
  const { t } = useTranslation();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const [form, setForm] = useState<AccountForm>(() => ({
    id: account?.id ?? '',
    name: account?.name ?? '',
    kind: account?.kind ?? 'customer',
    partners: account?.partners.map((partner) => partner.id) ?? [],
  }));
  const [checked, setChecked] = useState(false);
  const kindLabelId = useId();
  const set = (patch: Partial<AccountForm>) => setForm((current) => ({ ...current, ...patch }));
  const errors = {
    id: account ? undefined : form.id.trim() === '' ? t('adminUsers.fields.required') : isAccountId(form.id.trim()) ? undefined : t('adminUsers.fields.accountIdInvalid'),
    name: form.name.trim() === '' ? t('adminUsers.fields.required') : undefined,
  };
  const shown = (error: string | undefined) => (checked ? error : undefined);
  const mutation = account ? update : create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean)) return;
    const done = { onSuccess: (saved: AdminAccount) => { onSaved(saved); onClose(); } };
    if (!account) {
      create.mutate({ id: form.id.trim(), name: form.name.trim(), kind: form.kind, partners: form.kind === 'customer' ? form.partners : [] }, done);
      return;
    }
    const changes = accountChanges(account, form);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: account.id, changes }, done);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {account ? (
          <div>
            <Text fz="sm" fw={500}>{t('adminUsers.fields.accountId')}</Text>
            <Text fz="sm">{account.id}</Text>
          </div>
        ) : (
          <TextInput
            label={t('adminUsers.fields.accountId')}
            description={t('adminUsers.fields.accountIdHint')}
            value={form.id}
            onChange={(event) => set({ id: event.currentTarget.value })}
            required
            maxLength={adminUsersLimits.accountId}
            error={shown(errors.id)}
            data-autofocus
          />
        )}
        <TextInput label={t('adminUsers.fields.accountName')} value={form.name} onChange={(event) => set({ name: event.currentTarget.value })} required maxLength={adminUsersLimits.name} error={shown(errors.name)} />
        <LabelledSegmentedControl
          labelId={`${kindLabelId}-kind`}
          label={t('adminUsers.fields.kind')}
          value={form.kind}
          onChange={(kind) => set({ kind: kind as AccountKind })}
          data={accountKinds.map((kind) => ({ value: kind, label: t(`adminUsers.kinds.${kind}`) }))}
        />
        {form.kind === 'customer' ? (
          <AccountsPicker
            label={t('adminUsers.fields.partners')}
            description={t('adminUsers.fields.partnersHint')}
            kind="partner"
            allowTyped={false}
            value={form.partners}
            onChange={(partners) => set({ partners })}
            maxValues={adminUsersLimits.partners}
          />
        ) : (
          account &&
          account.customers.length > 0 && (
            <Text fz="sm" c="dimmed">
              {t('adminUsers.accounts.serves', { customers: account.customers.map((customer) => customer.name).join(', ') })}
            </Text>
          )
        )}
        <DialogActions error={mutation.error} onCancel={onClose} submitLabel={account ? t('adminUsers.save') : t('adminUsers.accounts.create')} saving={mutation.isPending} />
      </Stack>
    </form>
  );
}
