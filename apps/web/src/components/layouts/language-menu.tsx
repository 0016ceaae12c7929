import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../lib/i18n/i18n';
import { localeNames, supportedLocales, toSupportedLocale } from '../../lib/i18n/locales';

/** Language switch; picking a language stores it, so the browser's language stops applying. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={8}
          aria-label={`${t('layout.language')}: ${current.slice(0, 2).toUpperCase()}`}
          title={localeNames[current]}
          leftSection={<IconLanguage size={18} stroke={1.7} />}
        >
          {current.slice(0, 2).toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {supportedLocales.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void pickLanguage(locale)}
            rightSection={locale === current ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={locale === current ? 'true' : undefined}
          >
            {localeNames[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
