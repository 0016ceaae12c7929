import { Alert, Modal, MultiSelect, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UpdateUserBody } from '@portal/contracts/admin-users';
import { adminUsersLimits, userRoles } from '@portal/contracts/admin-users-values';
import type { Role } from '@portal/contracts/users';
import { AccountPicker } from '../../../components/account-picker/account-picker';
import { useCreateUser, useUpdateUser } from '../api/admin-users-api';
import { DialogActions } from './dialog-actions';

/** What the dialog edits: a new local account, or a listed user. */
export type UserDialogTarget = { mode: 'create' } | { mode: 'edit'; user: AdminUser };

interface UserDialogProps {
  target: UserDialogTarget | null;
  onClose: () => void;
  onSaved: (user: AdminUser, message: 'created' | 'saved') => void;
}

/** Creates a local account or changes a user (one Save): roles, account, name and password of local accounts; disabled for anyone. */
export function UserDialog({ target, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const title = target?.mode === 'edit' ? t('adminUsers.users.editTitle', { name: target.user.name || target.user.email }) : t('adminUsers.users.createTitle');
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg">
      {target?.mode === 'create' && <CreateUserForm onClose={onClose} onSaved={(user) => onSaved(user, 'created')} />}
      {target?.mode === 'edit' && <EditUserForm key={target.user.id} user={target.user} onClose={onClose} onSaved={(user) => onSaved(user, 'saved')} />}
    </Modal>
  );
}

function RolesField({ value, onChange, error }: { value: Role[]; onChange: (roles: Role[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t('adminUsers.fields.roles')}
      data={userRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
      value={value}
      onChange={(picked) => onChange(picked as Role[])}
      required
      error={error}
    />
  );
}

/** The message for a password too short (an empty one is left to the caller: required on create, "keep it" on edit). */
const passwordTooShort = (password: string) => password.length > 0 && password.length < adminUsersLimits.passwordMin;

function CreateUserForm({ onClose, onSaved }: { onClose: () => void; onSaved: (user: AdminUser) => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [form, setForm] = useState({ email: '', name: '', roles: ['customer'] as Role[], account: null as string | null, password: '' });
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const errors = {
    email: form.email.trim() === '' ? t('adminUsers.fields.required') : undefined,
    name: form.name.trim() === '' ? t('adminUsers.fields.required') : undefined,
    roles: form.roles.length === 0 ? t('adminUsers.fields.rolesRequired') : undefined,
    password:
      form.password === ''
        ? t('adminUsers.fields.required')
        : passwordTooShort(form.password)
          ? t('adminUsers.fields.passwordTooShort', { min: adminUsersLimits.passwordMin })
          : undefined,
  };
  const shown = (error: string | undefined) => (checked ? error : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean)) return;
    create.mutate({ ...form, email: form.email.trim(), name: form.name.trim() }, { onSuccess: (user) => { onSaved(user); onClose(); } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput type="email" label={t('adminUsers.fields.email')} value={form.email} onChange={(event) => set({ email: event.currentTarget.value })} required maxLength={adminUsersLimits.email} error={shown(errors.email)} autoComplete="off" data-autofocus />
        <TextInput label={t('adminUsers.fields.name')} value={form.name} onChange={(event) => set({ name: event.currentTarget.value })} required maxLength={adminUsersLimits.name} error={shown(errors.name)} />
        <RolesField value={form.roles} onChange={(roles) => set({ roles })} error={shown(errors.roles)} />
        <AccountPicker label={t('adminUsers.fields.account')} description={t('adminUsers.fields.accountHint')} value={form.account} onChange={(account) => set({ account })} allowTyped={false} />
        <PasswordInput
          label={t('adminUsers.fields.password')}
          description={t('adminUsers.fields.passwordHint', { min: adminUsersLimits.passwordMin })}
          value={form.password}
          onChange={(event) => set({ password: event.currentTarget.value })}
          required
          maxLength={adminUsersLimits.passwordMax}
          error={shown(errors.password)}
          autoComplete="new-password"
        />
        <DialogActions error={create.error} onCancel={onClose} submitLabel={t('adminUsers.users.create')} saving={create.isPending} />
      </Stack>
    </form>
  );
}

/** The changes the form holds against the user (a local account's fields; `disabled` for anyone). */
export function userChanges(user: AdminUser, form: { name: string; roles: Role[]; account: string | null; disabled: boolean; password: string }): UpdateUserBody {
  const changes: UpdateUserBody = {};
  if (user.source === 'local') {
    if (form.name.trim() !== user.name) changes.name = form.name.trim();
    if (JSON.stringify([...form.roles].sort()) !== JSON.stringify([...user.roles].sort())) changes.roles = form.roles;
    if (form.account !== (user.account?.id ?? null)) changes.account = form.account;
    if (form.password !== '') changes.password = form.password;
  }
  if (form.disabled !== user.disabled) changes.disabled = form.disabled;
  return changes;
}

function EditUserForm({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (user: AdminUser) => void }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const local = user.source === 'local';
  const [form, setForm] = useState({ name: user.name, roles: user.roles, account: user.account?.id ?? null, disabled: user.disabled, password: '' });
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const errors = local
    ? { name: form.name.trim() === '' ? t('adminUsers.fields.required') : undefined, roles: form.roles.length === 0 ? t('adminUsers.fields.rolesRequired') : undefined, password: passwordTooShort(form.password) ? t('adminUsers.fields.passwordTooShort', { min: adminUsersLimits.passwordMin }) : undefined }
    : {};
  const shown = (error: string | undefined) => (checked ? error : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean)) return;
    const changes = userChanges(user, form);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: user.id, changes }, { onSuccess: (saved) => { onSaved(saved); onClose(); } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <div>
          <Text fz="sm" fw={500}>{t('adminUsers.fields.email')}</Text>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>{user.email || t('adminUsers.users.noEmail')}</Text>
        </div>
        {local ? (
          <>
            <TextInput label={t('adminUsers.fields.name')} value={form.name} onChange={(event) => set({ name: event.currentTarget.value })} required maxLength={adminUsersLimits.name} error={shown(errors.name)} />
            <RolesField value={form.roles} onChange={(roles) => set({ roles })} error={shown(errors.roles)} />
            <AccountPicker label={t('adminUsers.fields.account')} description={t('adminUsers.fields.accountHint')} value={form.account} onChange={(account) => set({ account })} allowTyped={false} />
            <PasswordInput
              label={t('adminUsers.fields.newPassword')}
              description={t('adminUsers.fields.newPasswordHint', { min: adminUsersLimits.passwordMin })}
              value={form.password}
              onChange={(event) => set({ password: event.currentTarget.value })}
              maxLength={adminUsersLimits.passwordMax}
              error={shown(errors.password)}
              autoComplete="new-password"
            />
          </>
        ) : (
          <Alert color="gray" variant="light">
            <Text fz="sm">{t('adminUsers.users.fromProvider')}</Text>
            <Text fz="sm" mt={4}>
              {[user.name, user.roles.map((role) => t(`roles.${role}`)).join(', '), user.account?.name].filter(Boolean).join(' · ')}
            </Text>
          </Alert>
        )}
        <Switch
          label={t('adminUsers.fields.disabled')}
          description={t('adminUsers.fields.disabledHint')}
          checked={form.disabled}
          onChange={(event) => set({ disabled: event.currentTarget.checked })}
        />
        <DialogActions error={update.error} onCancel={onClose} submitLabel={t('adminUsers.save')} saving={update.isPending} />
      </Stack>
    </form>
  );
}
