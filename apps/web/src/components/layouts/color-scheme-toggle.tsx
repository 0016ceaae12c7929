import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../../lib/stores/preferences-store';

/** Dark mode switch (off by default, remembered in the preferences store). */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const colorScheme = usePreferencesStore((state) => state.colorScheme);
  const setColorScheme = usePreferencesStore((state) => state.setColorScheme);
  const dark = colorScheme === 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={dark ? t('layout.switchToLight') : t('layout.switchToDark')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun size={20} stroke={1.7} /> : <IconMoon size={20} stroke={1.7} />}
    </ActionIcon>
  );
}
