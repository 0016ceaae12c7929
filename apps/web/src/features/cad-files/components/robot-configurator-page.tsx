import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { cadCatalogueQueryOptions } from '../api/get-cad-catalogue';
import { CadSection } from './cad-section';
import { ConfiguratorStepper } from './configurator/configurator-stepper';

/** Robot configurator tab: choose family, model and options step by step, then download the matching CAD set. */
export function RobotConfiguratorPage() {
  const { t } = useTranslation();
  const catalogue = useQuery(cadCatalogueQueryOptions());
  return (
    <CadSection title={t('cadFiles.robotConfigurator')} description={t('cadFiles.robotConfiguratorDescription')}>
      {catalogue.isPending && <LoadingState />}
      {catalogue.isError && <ErrorState title={t('cadFiles.catalogueLoadError')} onRetry={() => void catalogue.refetch()} />}
      {catalogue.data &&
        (catalogue.data.families.length === 0 ? (
          <EmptyState title={t('cadFiles.noModels')} />
        ) : (
          <ConfiguratorStepper catalogue={catalogue.data} />
        ))}
    </CadSection>
  );
}
