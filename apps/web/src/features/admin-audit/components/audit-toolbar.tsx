import { Alert, Button, Group } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadAuditCsv, verifyAuditChain, type AuditFilters } from '../api/audit-api';

/** "Export CSV" with the current filters and "Verify chain" with its answer. */
export function AuditToolbar({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const exportCsv = useMutation({ mutationFn: downloadAuditCsv });
  const verify = useMutation({ mutationFn: verifyAuditChain });
  const result = verify.data;
  return (
    <>
      <Group gap="xs">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
          {t('adminAudit.exportCsv')}
        </Button>
        <Button variant="light" leftSection={<IconShieldCheck size={16} aria-hidden />} loading={verify.isPending} onClick={() => verify.mutate()}>
          {t('adminAudit.verify')}
        </Button>
      </Group>
      <div aria-live="polite">
        {result?.intact === true && (
          <Alert color="green" variant="light" title={t('adminAudit.intact')} data-testid="audit-verify">
            {t('adminAudit.intactCount', { count: result.entries })}
          </Alert>
        )}
        {result?.intact === false && (
          <Alert color="red" variant="light" title={t('adminAudit.broken', { seq: result.broken.seq })} data-testid="audit-verify">
            {result.broken.reason}
          </Alert>
        )}
        {verify.isError && <Alert color="red">{t('adminAudit.verifyError')}</Alert>}
      </div>
    </>
  );
}
