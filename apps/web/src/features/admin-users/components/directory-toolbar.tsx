import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DirectoryToolbarProps<Value extends string> {
  search: string;
  searchPlaceholder: string;
  onSearch: (text: string) => void;
  filter: { label: string; allLabel: string; options: readonly { value: Value; label: string }[]; value: Value | null; width: number };
  onFilter: (value: Value | null) => void;
  create: { label: string; icon: ReactNode; onClick: () => void };
}

/** Above the users' and the accounts' tables: the search, one filter ("all" or a value) and the create button. */
export function DirectoryToolbar<Value extends string>({ search, searchPlaceholder, onSearch, filter, onFilter, create }: DirectoryToolbarProps<Value>) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" justify="space-between" wrap="wrap">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('adminUsers.search')}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', xs: 300 }}
        />
        <Select
          label={filter.label}
          data={[{ value: 'all', label: filter.allLabel }, ...filter.options]}
          value={filter.value ?? 'all'}
          allowDeselect={false}
          onChange={(value) => onFilter(filter.options.find((option) => option.value === value)?.value ?? null)}
          w={{ base: '100%', xs: filter.width }}
        />
      </Group>
      <Button leftSection={create.icon} onClick={create.onClick}>
        {create.label}
      </Button>
    </Group>
  );
}
