import { MultiSelect, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountKind, DirectoryAccount } from '@portal/contracts/admin-users';
import { directoryAccountsQueryOptions } from './directory-api';
import { accountLabel, isAccountId, pickerOptions, type PickerOption } from './picker-options';
import { usePickerLabels, usePickerSearch } from './use-picker-labels';

interface CommonProps {
  label: ReactNode;
  description?: ReactNode;
  /** Only customers or only partners (any account when absent). */
  kind?: AccountKind;
  disabled?: boolean;
  required?: boolean;
  error?: ReactNode;
  placeholder?: string;
  /** Offer typed text that names no stored account as a value of its own (default: yes). */
  allowTyped?: boolean;
  miw?: number | string;
  flex?: number | string;
}

const accountOption = (account: DirectoryAccount): PickerOption => ({ value: account.id, label: accountLabel(account) });

/** Show every option the server answered: it has filtered them already. */
const asAnswered = <T,>({ options }: { options: T[] }) => options;

/**
 * The accounts the server finds for the picker's search, the labels known for the picked ones, and the typed text as a
 * choice of its own when it is an id no account found holds (not while it is part of one: no noise while typing).
 */
function useAccountChoices(kind: AccountKind | undefined, allowTyped: boolean, picked: readonly string[], query: string, search: string) {
  const { t } = useTranslation();
  const answer = useQuery(directoryAccountsQueryOptions(query, kind));
  const found: PickerOption[] = (answer.data?.items ?? []).map(accountOption);
  const known = usePickerLabels(['directory', 'accounts'], accountOption);
  const typedText = search.trim();
  const typed =
    allowTyped && isAccountId(typedText) && !picked.includes(typedText) && !found.some((option) => option.value.toLowerCase().includes(typedText.toLowerCase()))
      ? { value: typedText, label: t('adminUsers.picker.useTyped', { value: typedText }) }
      : null;
  const nothingFound = answer.isFetching ? t('adminUsers.picker.searching') : answer.isError ? t('adminUsers.picker.loadFailed') : t('adminUsers.picker.nothingFound');
  return { data: pickerOptions(picked, known, found, typed), nothingFound };
}

/** The value of the `allLabel` choice inside the Select: no account id can begin with it. */
const noAccount = '*';

/** One account, searched on the server by id or name (`/api/Admin/directory/accounts`); the value is its id. */
export function AccountPicker({
  value,
  onChange,
  clearable = true,
  allowTyped = true,
  kind,
  allLabel,
  ...field
}: CommonProps & {
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  /** A first choice for no account in particular (a filter's "all accounts"): picking it gives null, and the field shows it while none is picked. */
  allLabel?: string;
}) {
  const picked = value ? [value] : [];
  const search = usePickerSearch();
  const choices = useAccountChoices(kind, allowTyped, picked, search.query, search.text);
  const data = allLabel ? [{ value: noAccount, label: allLabel }, ...choices.data] : choices.data;
  const selected = value ?? (allLabel ? noAccount : null);
  // The field shows the picked account's label once a choice is made: that text is no search.
  const shownLabel = data.find((option) => option.value === selected)?.label ?? null;
  return (
    <Select
      {...field}
      searchable
      clearable={clearable}
      searchValue={search.text}
      onSearchChange={(text) => search.change(text, text === shownLabel)}
      filter={asAnswered}
      data={data}
      value={selected}
      onChange={(next) => onChange(next === noAccount ? null : next)}
      nothingFoundMessage={choices.nothingFound}
      maxDropdownHeight={280}
    />
  );
}

/** Several accounts (the accounts of an access rule, a unit's service partners), searched on the server like AccountPicker. */
export function AccountsPicker({
  value,
  onChange,
  allowTyped = true,
  kind,
  maxValues = 100,
  ...field
}: CommonProps & { value: string[]; onChange: (value: string[]) => void; maxValues?: number }) {
  const search = usePickerSearch();
  const { data, nothingFound } = useAccountChoices(kind, allowTyped, value, search.query, search.text);
  return (
    <MultiSelect
      {...field}
      searchable
      clearable
      searchValue={search.text}
      onSearchChange={(text) => search.change(text, false)}
      filter={asAnswered}
      data={data}
      value={value}
      onChange={onChange}
      maxValues={maxValues}
      hidePickedOptions
      nothingFoundMessage={nothingFound}
      maxDropdownHeight={280}
    />
  );
}
