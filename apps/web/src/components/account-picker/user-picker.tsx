import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectoryUser } from '@portal/contracts/admin-users';
import { directoryUsersQueryOptions } from './directory-api';
import { isEmailLike, pickerOptions, userLabel, type PickerOption } from './picker-options';
import { usePickerLabels, usePickerSearch } from './use-picker-labels';

interface UserPickerProps {
  label: ReactNode;
  description?: ReactNode;
  /** The picked user's e-mail in lower case (what grants name), or null. */
  value: string | null;
  onChange: (email: string | null) => void;
  disabled?: boolean;
  required?: boolean;
  error?: ReactNode;
  placeholder?: string;
  /** Offer a typed e-mail address nobody has signed in with yet (default: yes). */
  allowTyped?: boolean;
  miw?: number | string;
  flex?: number | string;
}

const userOption = (user: DirectoryUser): PickerOption => ({ value: user.email.toLowerCase(), label: userLabel(user) });

/** One user, searched on the server by name, e-mail or account (`/api/Admin/directory/users`); the value is their e-mail. */
export function UserPicker({ value, onChange, allowTyped = true, ...field }: UserPickerProps) {
  const { t } = useTranslation();
  const picked = value ? [value] : [];
  const search = usePickerSearch();
  const answer = useQuery(directoryUsersQueryOptions(search.query));
  const found: PickerOption[] = (answer.data?.items ?? []).map(userOption);
  const known = usePickerLabels(['directory', 'users'], userOption);
  const typedText = search.text.trim().toLowerCase();
  const typed =
    allowTyped && isEmailLike(typedText) && typedText !== value && !found.some((option) => option.value === typedText)
      ? { value: typedText, label: t('adminUsers.picker.useTyped', { value: typedText }) }
      : null;
  const data = pickerOptions(picked, known, found, typed);
  // The field shows the picked user's label once a choice is made: that text is no search.
  const shownLabel = data.find((option) => option.value === value)?.label ?? null;
  return (
    <Select
      {...field}
      searchable
      clearable
      searchValue={search.text}
      onSearchChange={(text) => search.change(text, text === shownLabel)}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={answer.isFetching ? t('adminUsers.picker.searching') : answer.isError ? t('adminUsers.picker.loadFailed') : t('adminUsers.picker.nothingFound')}
      maxDropdownHeight={280}
    />
  );
}
