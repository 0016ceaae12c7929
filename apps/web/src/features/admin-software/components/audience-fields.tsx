import { Group, MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountsPicker } from '../../../components/account-picker/account-picker';
import { audienceRoles, type AudienceChoice } from '../utils/audience';

/** Who may see an item or version: everyone signed in, or staff plus some roles and accounts. */
export function AudienceFields({ value, onChange, disabled }: { value: AudienceChoice; onChange: (value: AudienceChoice) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group align="start" gap="sm" grow wrap="wrap">
      <Select
        label={t('adminSoftware.fields.audience')}
        data={[
          { value: 'everyone', label: t('adminSoftware.audience.everyoneChoice') },
          { value: 'restricted', label: t('adminSoftware.audience.restrictedChoice') },
        ]}
        value={value.audience}
        onChange={(audience) => audience && onChange({ ...value, audience: audience as AudienceChoice['audience'] })}
        allowDeselect={false}
        disabled={disabled}
        miw={200}
      />
      {value.audience === 'restricted' && (
        <>
          <MultiSelect
            label={t('adminSoftware.fields.roles')}
            data={audienceRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            value={value.roles}
            onChange={(roles) => onChange({ ...value, roles })}
            disabled={disabled}
            miw={200}
          />
          <AccountsPicker
            label={t('adminSoftware.fields.accounts')}
            description={t('adminUsers.picker.audienceAccountsHint')}
            value={value.accounts}
            onChange={(accounts) => onChange({ ...value, accounts })}
            maxValues={100}
            disabled={disabled}
            miw={200}
          />
        </>
      )}
    </Group>
  );
}
