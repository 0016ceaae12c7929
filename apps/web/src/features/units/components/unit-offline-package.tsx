import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { UnitDetail } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';
import { HandoverExportMenu } from '../../../components/handover-export/handover-export-menu';
import { FileDownloadButton } from '../../../lib/download/file-download-button';
import { labelBlob, packageBlob } from '../api/unit-files';
import { rememberPackage } from '../utils/package-memory';

interface UnitOfflinePackageProps {
  unit: UnitDetail;
  language: string;
  /** Called with the version of the package just downloaded. */
  onDownloaded: (version: string) => void;
}

/**
 * The offline package (every document of the unit in one zip, opened without a network), the printable label, and
 * the export for a maintenance system (VDI 2770 container or AASX).
 */
export function UnitOfflinePackage({ unit, language, onDownloaded }: UnitOfflinePackageProps) {
  const { t } = useTranslation();
  const { serialNumber } = unit;
  const version = unit.offlinePackage.version;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCloudOff size={20} aria-hidden />
          <Title order={2} fz="lg">
            {t('units.offlinePackage')}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('units.offlinePackageDescription')}
        </Text>
        {unit.offlinePackage.outdated && (
          <Alert color="yellow" variant="light" title={t('units.packageOutdated')} data-testid="unit-package-outdated">
            {t('units.packageOutdatedDescription')}
          </Alert>
        )}
        <Group gap="sm">
          <FileDownloadButton
            variant="button"
            buttonVariant="filled"
            zip
            label={t('units.downloadPackage')}
            testId="unit-package-download"
            job={() => ({
              id: `unit-package-${serialNumber}`,
              fileName: `${serialNumber}-documentation-${language}.zip`,
              fetchBlob: async (onProgress) => {
                const blob = await packageBlob(serialNumber, language)(onProgress);
                rememberPackage(serialNumber, version);
                onDownloaded(version);
                return blob;
              },
            })}
          />
          <FileDownloadButton
            variant="button"
            label={t('units.downloadLabel')}
            testId="unit-label-download"
            job={() => ({ id: `unit-label-${serialNumber}`, fileName: `${serialNumber}-label.png`, fetchBlob: labelBlob(serialNumber) })}
          />
          <HandoverExportMenu serial={serialNumber} language={language} />
        </Group>
      </Stack>
    </Card>
  );
}
