import { Button, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchInput } from '../../../components/search-box/search-input';

/** The home page's search box: submitting opens the resources page on those words. */
export function HomeSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/resources?${new URLSearchParams({ q })}` : '/resources');
  };

  return (
    <form role="search" onSubmit={submit} data-testid="home-search">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <SearchInput label={t('home.searchLabel')} placeholder={t('home.searchPlaceholder')} value={text} onChange={setText} style={{ flex: 1 }} />
        <Button type="submit" size="md">
          {t('home.searchButton')}
        </Button>
      </Group>
    </form>
  );
}
