import { Box, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeColors, type PartChange } from './geometry/compare';
import type { CompareState } from './use-version-compare';

const changes: PartChange[] = ['added', 'removed', 'unchanged'];

/** What the comparison's colours mean, with the number of parts of each; read out when it changes. */
export function CompareLegend({ state, version }: { state: CompareState; version: string }) {
  const { t } = useTranslation();
  if (state.status === 'off') return null;
  return (
    <Paper pos="absolute" right={8} top={8} p="xs" shadow="xs" withBorder maw="calc(100% - 16px)" style={{ pointerEvents: 'none', opacity: 0.94 }} data-testid="model-compare-legend">
      <Box aria-live="polite" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Text size="xs" fw={600}>
          {t('viewer.model.compareHeading', { version })}
        </Text>
        {state.status === 'loading' && <Text size="xs">{t('viewer.model.compareLoading')}</Text>}
        {state.status === 'failed' && (
          <Text size="xs" role="alert">
            {t('viewer.model.compareFailed')}
          </Text>
        )}
        {state.status === 'shown' &&
          changes.map((change) => (
            <Group key={change} gap={6} wrap="nowrap">
              <Box w={10} h={10} style={{ borderRadius: 2, background: `#${changeColors[change].getHexString()}`, flexShrink: 0 }} aria-hidden />
              <Text size="xs" data-testid={`model-compare-${change}`}>
                {t(`viewer.model.compareChange.${change}`, { count: state.counts[change] })}
              </Text>
            </Group>
          ))}
      </Box>
    </Paper>
  );
}
