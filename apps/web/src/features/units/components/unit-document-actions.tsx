import { Anchor, Badge, Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { UnitDocument } from '@portal/contracts/units';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { printPdf } from '../../../components/document-viewer/pdf/print-pdf';
import { FileDownloadButton } from '../../../lib/download/file-download-button';
import { signedUrlBlob } from '../../../lib/download/download-sources';
import { formatDay } from '../../../lib/download/format';
import { unitFileUrl } from '../api/unit-files';

type UnitDocumentVersion = UnitDocument['current'];

export interface UnitVersionProps {
  serial: string;
  /** The page's language (the declarations' variants are asked in it). */
  language: string;
  document: UnitDocument;
  version: UnitDocumentVersion;
}

const documentPath = (serviceRef: string, version?: string) => `/DocumentLink/${encodeURIComponent(version ? `${serviceRef}-${version}` : serviceRef)}`;
const isPdf = (version: UnitDocumentVersion) => /\.pdf$/i.test(version.fileName);

/** Opens a withdrawn version kept for this machine (the viewer shows published versions only) in a new tab. */
function openKept({ serial, language, version }: UnitVersionProps): void {
  // Opened now, while the click still counts as the user's: a tab opened after the answer may be blocked.
  const tab = window.open('', '_blank');
  unitFileUrl(serial, version.versionId, 'inline', language).then(
    (url) => {
      if (!tab) return window.location.assign(url);
      tab.opener = null;
      tab.location.href = url;
    },
    () => tab?.close(),
  );
}

/**
 * A link that opens one version: the viewer for a published one (`current` opens the document's current
 * version), the file itself for a withdrawn one kept for this machine.
 */
export function UnitVersionLink(props: UnitVersionProps & { current?: boolean; children: ReactNode; testId?: string; fw?: number }) {
  const { document, version, current, children, testId, fw } = props;
  const style = { overflowWrap: 'anywhere' as const };
  if (version.published) {
    const path = current ? documentPath(document.serviceRef) : documentPath(document.serviceRef, version.resourceVersion);
    return <Anchor component={Link} to={path} fw={fw} fz="inherit" style={style} data-testid={testId}>{children}</Anchor>;
  }
  return <Anchor component="button" type="button" fw={fw} fz="inherit" ta="left" style={style} onClick={() => openKept(props)} data-testid={testId}>{children}</Anchor>;
}

/** "Withdrawn — kept for this machine until …" on a withdrawn version the unit relies on. */
export function KeptBadge({ version }: { version: UnitDocumentVersion }) {
  const { t, i18n } = useTranslation();
  if (version.published || !version.keptUntil) return null;
  return (
    <Badge
      variant="light"
      color="orange"
      tt="none"
      h="auto"
      py={2}
      maw="100%"
      radius="sm"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', textAlign: 'left' } }}
      data-testid="unit-document-kept"
    >
      {t('units.withdrawnKept', { date: formatDay(version.keptUntil, i18n.language) })}
    </Badge>
  );
}

/** Download and Print of one version (a view-only document offers neither; Print for PDF files). */
export function UnitVersionActions(props: UnitVersionProps) {
  const { t } = useTranslation();
  const { serial, language, document, version } = props;
  if (!document.downloadable) return null;
  const print = () => void unitFileUrl(serial, version.versionId, 'inline', language).then(printPdf, () => undefined);
  return (
    <Group gap="xs" data-testid="unit-version-actions">
      <FileDownloadButton
        variant="button"
        buttonVariant="subtle"
        label={t('units.download')}
        testId="unit-version-download"
        job={() => ({
          id: `unit-file-${version.versionId}`,
          fileName: version.fileName,
          fetchBlob: signedUrlBlob(() => unitFileUrl(serial, version.versionId, 'attachment', language)),
        })}
      />
      {isPdf(version) && (
        <Button variant="subtle" size="compact-sm" leftSection={<IconPrinter size={16} aria-hidden />} onClick={print} data-testid="unit-version-print">
          {t('units.print')}
        </Button>
      )}
    </Group>
  );
}
