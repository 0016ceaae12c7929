import { Button, Group, Stepper } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CadCatalogueResponse } from '@portal/contracts/cad';
import { useBreakpoint } from '../../../../lib/hooks/use-breakpoint';
import { useCadLabels } from '../../hooks/use-cad-labels';
import { useConfigurator } from '../../hooks/use-configurator';
import { exclusionOf, type ConfiguratorStep } from '../../utils/configurator-state';
import { ChoiceCards, type Choice } from './choice-cards';
import { ConfigurationResults } from './configuration-results';

/** Family → model → one step per option group → the matching files. Finished steps can be reopened. */
export function ConfiguratorStepper({ catalogue }: { catalogue: CadCatalogueResponse }) {
  const { t } = useTranslation();
  const labels = useCadLabels();
  const wide = ['md', 'lg', 'xl'].includes(useBreakpoint());
  const { selection, resolved, steps, open, active, chosenCode, view, pick, setFormat, restart } = useConfigurator(catalogue);
  const { family, model, chosen } = resolved;

  const label = (step: ConfiguratorStep): string => {
    if (step.kind === 'family') return t('cadFiles.stepFamily');
    if (step.kind === 'model') return t('cadFiles.stepModel');
    if (step.kind === 'option') return labels.group(step.group);
    return t('cadFiles.stepResults');
  };

  const description = (step: ConfiguratorStep): string | undefined => {
    if (step.kind === 'family') return family ? labels.family(family) : undefined;
    if (step.kind === 'model') return model ? labels.model(model) : undefined;
    const value = step.kind === 'option' ? step.group.values.find((candidate) => candidate.code === chosen.get(step.group.code)) : undefined;
    if (value) return labels.value(value);
    return undefined;
  };

  const choices = (step: ConfiguratorStep): Choice[] => {
    if (step.kind === 'family') {
      return catalogue.families.map((f) => ({
        value: f.code,
        title: labels.family(f),
        description: `${labels.familyDescription(f)} ${t('cadFiles.modelCount', { count: f.models.length })}`,
      }));
    }
    if (step.kind === 'model') return (family?.models ?? []).map((m) => ({ value: m.code, title: labels.model(m), description: labels.modelDescription(m) }));
    if (step.kind === 'option' && model) {
      return step.group.values.map((value) => {
        const clash = exclusionOf(model, chosen, step.group.code, value.code);
        const disabledReason =
          clash && t('cadFiles.excludedWith', { option: labels.valueOf(model, clash.other), reason: labels.exclusionReason(clash.value, clash.other, clash.reason) });
        return { value: value.code, title: labels.value(value), disabledReason };
      });
    }
    return [];
  };

  const content = (step: ConfiguratorStep) => {
    if (step.kind === 'results') {
      return model && <ConfigurationResults model={model} options={selection.options} format={selection.format} onFormat={setFormat} />;
    }
    const prompt = step.kind === 'family' ? t('cadFiles.chooseFamily') : step.kind === 'model' ? t('cadFiles.chooseModel') : t('cadFiles.chooseOption', { group: labels.group(step.group) });
    return <ChoiceCards label={prompt} choices={choices(step)} value={chosenCode(step)} onChoose={(code) => pick(step, code)} />;
  };

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button variant="subtle" size="compact-sm" leftSection={<IconRefresh size={16} aria-hidden />} onClick={restart} disabled={open === 0}>
          {t('cadFiles.startOver')}
        </Button>
      </Group>
      <Stepper
        active={active}
        onStepClick={view}
        orientation={wide ? 'horizontal' : 'vertical'}
        size="sm"
        allowNextStepsSelect={false}
        data-testid="configurator"
        data-layout={wide ? 'horizontal' : 'vertical'}
      >
        {steps.map((step, index) => (
          <Stepper.Step
            key={step.kind === 'option' ? step.group.code : step.kind}
            label={label(step)}
            description={index < open ? description(step) : undefined}
            allowStepSelect={index <= open}
          >
            {content(step)}
          </Stepper.Step>
        ))}
      </Stepper>
    </>
  );
}
