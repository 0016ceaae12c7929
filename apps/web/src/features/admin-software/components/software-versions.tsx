import { Badge, Button, Menu, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem, AdminSoftwareVersion, UpdateSoftwareVersionBody } from '@portal/contracts/admin-software';
import { formatDay } from '../../../lib/download/format';
import { useUpdateSoftwareVersion } from '../api/admin-software-api';
import { audienceState } from '../utils/audience';
import { softwareStatuses, statusColors } from '../utils/software-status';
import { AudienceBadge } from './audience-badge';
import { VersionFilesCell, VersionsTable } from './versions-table';

/** The versions of one software item (newest release first), each with its status, release, audience and files. */
export function SoftwareVersions({ item }: { item: AdminSoftwareItem }) {
  const { t, i18n } = useTranslation();
  return (
    <VersionsTable
      count={item.versions.length}
      emptyText={t('adminSoftware.software.noVersions')}
      label={t('adminSoftware.software.versionsOf', { name: item.name })}
      minWidth={560}
      headers={[
        t('adminSoftware.columns.version'),
        t('adminSoftware.columns.status'),
        t('adminSoftware.columns.releaseDate'),
        t('adminSoftware.columns.audience'),
        t('adminSoftware.columns.files'),
        t('adminSoftware.columns.actions'),
      ]}
      testId="software-versions"
    >
      {item.versions.map((version) => (
        <Table.Tr key={version.id} data-testid="software-version">
          <Table.Td fw={600}>{version.versionNumber}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={statusColors[version.status]}>
              {t(`software.status.${version.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{formatDay(version.releaseDate, i18n.language)}</Table.Td>
          <Table.Td>
            <AudienceBadge audience={version.audience} access={version.access} />
          </Table.Td>
          <VersionFilesCell files={version.files} totalSize={version.totalSize} />
          <Table.Td>
            <VersionActions item={item} version={version} />
          </Table.Td>
        </Table.Tr>
      ))}
    </VersionsTable>
  );
}

/** Change a version's status, withdraw it (staff only) or publish it to everyone again. */
function VersionActions({ item, version }: { item: AdminSoftwareItem; version: AdminSoftwareVersion }) {
  const { t } = useTranslation();
  const update = useUpdateSoftwareVersion();
  const label = `${item.name} ${version.versionNumber}`;
  const change = (changes: UpdateSoftwareVersionBody, done: string) =>
    update.mutate(
      { itemId: item.id, versionId: version.id, changes },
      { onSuccess: () => notifications.show({ color: 'green', message: t(done, { version: label }) }) },
    );
  const withdrawn = audienceState(version) === 'staffOnly';

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="light" rightSection={<IconChevronDown size={14} aria-hidden />} loading={update.isPending} aria-label={t('adminSoftware.software.changeVersion', { version: label })}>
          {t('adminSoftware.software.change')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('adminSoftware.columns.status')}</Menu.Label>
        {softwareStatuses.map((status) => (
          <Menu.Item key={status} disabled={status === version.status} onClick={() => change({ status }, 'adminSoftware.software.statusChanged')}>
            {t('adminSoftware.software.markAs', { status: t(`software.status.${status}`) })}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {version.audience === 'restricted' && (
          <Menu.Item onClick={() => change({ audience: 'everyone', access: [] }, 'adminSoftware.software.republished')}>{t('adminSoftware.software.republish')}</Menu.Item>
        )}
        {!withdrawn && (
          <Menu.Item color="red" onClick={() => change({ audience: 'restricted', access: [] }, 'adminSoftware.software.withdrawn')}>
            {t('adminSoftware.software.withdraw')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
