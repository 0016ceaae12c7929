import { List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorBody } from '@portal/contracts/errors';
import { ApiError } from '../../../../lib/api-client/api-error';
import { ErrorState } from '../../../../lib/download/load-states';

/** The API's answer to a configuration it refuses: every problem it listed, or why nothing could be shown. */
export function ConfigurationError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError)) return <ErrorState title={t('cadFiles.configurationLoadError')} onRetry={onRetry} />;
  if (error.status === 403) return <ErrorState title={t('cadFiles.modelForbidden')} />;
  if (error.status === 404) return <ErrorState title={t('cadFiles.modelNotFound')} />;
  if (error.status !== 400) return <ErrorState title={t('cadFiles.configurationLoadError')} onRetry={onRetry} />;
  const details = (error.body as Partial<ErrorBody> | undefined)?.details ?? [];
  return (
    <ErrorState title={t('cadFiles.invalidConfiguration')}>
      {details.length > 0 ? (
        <List size="sm" data-testid="configuration-problems">
          {details.map((detail) => (
            <List.Item key={`${detail.path}:${detail.message}`}>{detail.message}</List.Item>
          ))}
        </List>
      ) : (
        error.serverMessage
      )}
    </ErrorState>
  );
}
