import { Button, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CadModel } from '@portal/contracts/cad';
import type { ErrorBody } from '@portal/contracts/errors';
import { ApiError } from '../../../../lib/api-client/api-error';
import { ErrorState } from '../../../../lib/download/load-states';
import { useCadLabels } from '../../hooks/use-cad-labels';
import type { OptionClash } from '../../utils/configurator-state';

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

/** Options of a link that exclude each other, named by their labels, with a way back to the option steps. */
export function ExcludedOptions({ model, clashes }: { model: CadModel; clashes: OptionClash[] }) {
  const { t } = useTranslation();
  const labels = useCadLabels();
  return (
    <ErrorState title={t('cadFiles.invalidConfiguration')}>
      <List size="sm" data-testid="configuration-problems">
        {clashes.map((clash) => (
          <List.Item key={`${clash.value}+${clash.other}`}>
            {t('cadFiles.cannotCombine', {
              a: labels.valueOf(model, clash.value),
              b: labels.valueOf(model, clash.other),
              reason: labels.exclusionReason(clash.value, clash.other, clash.reason),
            })}
          </List.Item>
        ))}
      </List>
      <Button component={Link} to={`?model=${encodeURIComponent(model.code)}`} variant="white" color="red" size="compact-sm" mt="xs">
        {t('cadFiles.fixOptions')}
      </Button>
    </ErrorState>
  );
}
