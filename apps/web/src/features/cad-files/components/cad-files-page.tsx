import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../../components/layouts/page-frame';

export const cadTabs = [
  { value: 'robotConfigurator', labelKey: 'cadFiles.robotConfigurator' },
  { value: 'partnersLibraries', labelKey: 'cadFiles.partnersLibraries' },
  { value: 'downloadshistory', labelKey: 'cadFiles.downloadsHistory' },
] as const;

/** CAD files page: one tab per sub-route (spec §2), the active tab's page below. */
export function CadFilesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = cadTabs.find((tab) => pathname.split('/').includes(tab.value))?.value ?? null;

  return (
    <PageFrame title={t('cadFiles.title')} description={t('cadFiles.description')}>
      <Tabs value={active} onChange={(value) => value && navigate(`/cadFiles/${value}`)}>
        <Tabs.List aria-label={t('cadFiles.sections')}>
          {cadTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Every tab has its panel (tabs point at them); only the active one holds the sub-route. */}
        {cadTabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
            {tab.value === active && <Outlet />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageFrame>
  );
}
