import { Alert, Button, FileInput, Group, Progress, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandoverImportReport } from '@portal/contracts/handover';
import { SectionPanel } from '../../../components/ui/section-panel';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { handoverProductsQueryOptions, uploadHandover } from '../api/handover-import-api';

type Target = 'product' | 'unit';

/** The import's answer: the drafts taken, then what was refused and why. */
function ImportReport({ report }: { report: HandoverImportReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color={report.refused.length === 0 ? 'green' : 'yellow'} title={t('adminHandover.import.reportTitle')}>
        {t('adminHandover.import.summary', { taken: report.taken.length, refused: report.refused.length, product: report.product })}
      </Alert>
      {report.taken.length > 0 && (
        <ScrollTable
          minWidth={560}
          headers={['title', 'type', 'language', 'version', 'draft'].map((column) => t(`adminHandover.import.columns.${column}`))}
        >
          {report.taken.map((entry) => (
            <Table.Tr key={`${entry.documentId}-${entry.version}`}>
              <Table.Td>{entry.title}</Table.Td>
              <Table.Td>{entry.typeCode}</Table.Td>
              <Table.Td>{entry.language}</Table.Td>
              <Table.Td>{entry.version}</Table.Td>
              <Table.Td>
                <Text ff="monospace" size="xs">
                  {entry.documentId}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      {report.refused.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('adminHandover.import.refusedTitle')}</Text>
          <ul>
            {report.refused.map((entry, index) => (
              <li key={index}>
                <Text size="sm">
                  <strong>{entry.source}</strong>: {entry.reason}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}

/** Taking a supplier's handover in: a VDI 2770 documentation container or an AASX, for a product or a unit; shows the report. */
export function HandoverImportSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const products = useQuery(handoverProductsQueryOptions());
  const [target, setTarget] = useState<Target>('product');
  const [product, setProduct] = useState<string | null>(null);
  const [serial, setSerial] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<HandoverImportReport | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const chosen = target === 'product' ? product : serial.trim() || null;
  const ready = file !== null && chosen !== null && progress === null;

  const start = async () => {
    if (!ready) return;
    setProgress(0);
    setError(null);
    setReport(null);
    try {
      setReport(await uploadHandover(target === 'product' ? { product: chosen } : { unit: chosen }, file, setProgress));
      setFile(null);
    } catch (failure) {
      setError(refusalText(failure, t('adminHandover.import.failed')));
    } finally {
      setProgress(null);
    }
  };

  return (
    <SectionPanel headingId={headingId} title={t('adminHandover.import.title')}>
      <Text size="sm" c="dimmed">
        {t('adminHandover.import.description')}
      </Text>
      <SegmentedControl
        value={target}
        onChange={(value) => setTarget(value as Target)}
        data={[
          { value: 'product', label: t('adminHandover.import.forProduct') },
          { value: 'unit', label: t('adminHandover.import.forUnit') },
        ]}
        aria-label={t('adminHandover.import.target')}
      />
      {target === 'product' ? (
        <Select
          label={t('adminHandover.import.product')}
          placeholder={t('adminHandover.import.productPlaceholder')}
          data={(products.data?.items ?? []).map((item) => ({ value: item.code, label: `${item.name} (${item.code})` }))}
          value={product}
          onChange={setProduct}
          searchable
        />
      ) : (
        <TextInput label={t('adminHandover.import.unit')} placeholder="R100-0001" value={serial} onChange={(event) => setSerial(event.currentTarget.value)} maxLength={100} />
      )}
      <FileInput
        label={t('adminHandover.import.file')}
        description={t('adminHandover.import.fileHint')}
        accept=".zip,.aasx,application/zip,application/aas+zip"
        leftSection={<IconFileZip size={16} aria-hidden />}
        value={file}
        onChange={setFile}
        clearable
      />
      <Group>
        <Button onClick={() => void start()} disabled={!ready} loading={progress !== null}>
          {t('adminHandover.import.start')}
        </Button>
      </Group>
      {progress !== null && <Progress value={progress * 100} aria-label={t('adminHandover.import.progress')} />}
      {error && (
        <Alert color="red" title={t('adminHandover.import.failed')}>
          {error.join(' ')}
        </Alert>
      )}
      {report && <ImportReport report={report} />}
    </SectionPanel>
  );
}
