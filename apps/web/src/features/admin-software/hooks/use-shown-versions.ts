import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The state a console page of releases keeps: the row whose versions are shown, the item a new version is
 * being uploaded for, and what follows an upload (a notice, and the item's versions shown).
 */
export function useShownVersions<Item extends { id: string; name: string }>() {
  const { t } = useTranslation();
  const [shownId, setShownId] = useState<string | null>(null);
  const [versionOf, setVersionOf] = useState<Item | null>(null);
  const versionDone = (item: Item, version: string) => {
    notifications.show({ color: 'green', message: t('adminSoftware.newVersion.done', { name: item.name, version }) });
    setShownId(item.id);
  };
  return { shownId, setShownId, versionOf, setVersionOf, versionDone };
}
