import { Box, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MeasureMode, MeasureResult } from './geometry/measurement';
import { formatAngle, formatLength, type LengthUnit } from './geometry/units';

interface MeasureReadoutProps {
  sizeMm: readonly [number, number, number];
  unit: LengthUnit;
  mode: MeasureMode | 'off';
  result: MeasureResult | null;
  /** Parts are moved apart: say that distances are still those of the assembled model. */
  exploded: boolean;
}

function MeasureLines({ result, unit, mode }: { result: MeasureResult | null; unit: LengthUnit; mode: MeasureMode }) {
  const { t } = useTranslation();
  if (result?.mode === 'distance' && result.distance) {
    const { distance, dx, dy, dz } = result.distance;
    return (
      <>
        <Text size="sm" fw={600} data-testid="model-distance">
          {t('viewer.model.distance', { value: formatLength(distance, unit) })}
        </Text>
        <Text size="xs">{`ΔX ${formatLength(dx, unit)} · ΔY ${formatLength(dy, unit)} · ΔZ ${formatLength(dz, unit)}`}</Text>
        <Text size="xs" c="dimmed">
          {t('viewer.model.snappedTo', { first: t(`viewer.model.snap.${result.points[0].kind}`), second: t(`viewer.model.snap.${result.points[1].kind}`) })}
        </Text>
      </>
    );
  }
  if (result?.mode === 'angle' && result.degrees !== null) {
    return (
      <Text size="sm" fw={600} data-testid="model-angle">
        {t('viewer.model.angle', { value: formatAngle(result.degrees) })}
      </Text>
    );
  }
  if (result?.mode === 'hole') {
    return result.hole ? (
      <Text size="sm" fw={600} data-testid="model-hole">
        {t('viewer.model.hole', { diameter: formatLength(result.hole.diameter, unit), radius: formatLength(result.hole.radius, unit) })}
      </Text>
    ) : (
      <Text size="sm">{t('viewer.model.notCylindrical')}</Text>
    );
  }
  const step = mode === 'distance' ? (result ? 'pickSecondPoint' : 'pickPoint') : mode === 'angle' ? (result ? 'pickSecondFace' : 'pickFace') : 'pickHole';
  return <Text size="sm">{t(`viewer.model.${step}`)}</Text>;
}

/** The overall size, and the current measurement or what to click next; read out to screen readers. */
export function MeasureReadout({ sizeMm, unit, mode, result, exploded }: MeasureReadoutProps) {
  const { t } = useTranslation();
  return (
    <Paper pos="absolute" left={8} bottom={8} p="xs" shadow="xs" withBorder maw="calc(100% - 16px)" style={{ pointerEvents: 'none', opacity: 0.94 }}>
      <Box aria-live="polite" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Text size="xs" data-testid="model-size">
          {t('viewer.model.size', { value: sizeMm.map((value) => formatLength(value, unit)).join(' × ') })}
        </Text>
        {mode !== 'off' && <MeasureLines result={result} unit={unit} mode={mode} />}
        {mode !== 'off' && exploded && (
          <Text size="xs" c="dimmed" data-testid="model-exploded-note">
            {t('viewer.model.explodedMeasure')}
          </Text>
        )}
      </Box>
    </Paper>
  );
}
