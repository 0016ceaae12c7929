import { ActionIcon, Group, Menu, NativeSelect, SegmentedControl, Slider, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconCamera, IconCube, IconListTree, IconSwitchVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasureMode } from './geometry/measurement';
import type { SectionAxis } from './geometry/section';
import type { LengthUnit } from './geometry/units';
import { standardViews, type StandardView } from './geometry/views';

export interface ToolbarState {
  measure: MeasureMode | 'off';
  unit: LengthUnit;
  sectionAxis: SectionAxis | 'off';
  sectionPosition: number;
  explode: number;
}

interface ModelToolbarProps {
  state: ToolbarState;
  onChange: (change: Partial<ToolbarState>) => void;
  onView: (view: StandardView) => void;
  onFit: () => void;
  onFlip: () => void;
  onSnapshot: () => void;
  treeOpen: boolean;
  onToggleTree: () => void;
  /** Earlier versions with a model, to compare with (none: no choice shown). */
  versions: readonly { id: string; label: string }[];
  compareWith: string | null;
  onCompare: (versionId: string | null) => void;
}

function Tool({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withinPortal>
      {children}
    </Tooltip>
  );
}

/** The viewer's tools: views, measuring, units, section, exploded view, snapshot, the tree. */
export function ModelToolbar({ state, onChange, onView, onFit, onFlip, onSnapshot, treeOpen, onToggleTree, versions, compareWith, onCompare }: ModelToolbarProps) {
  const { t } = useTranslation();
  const slider = (label: string, value: number, onValue: (value: number) => void) => (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" aria-hidden>
        {label}
      </Text>
      <Slider w={110} min={0} max={1} step={0.01} value={value} onChange={onValue} label={null} thumbLabel={label} aria-label={label} />
    </Group>
  );
  return (
    <Group gap="xs" p={6} wrap="wrap" role="toolbar" aria-label={t('viewer.model.toolbar')} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Tool label={t('viewer.model.tree')}>
        <ActionIcon variant={treeOpen ? 'light' : 'subtle'} aria-label={t('viewer.model.tree')} aria-pressed={treeOpen} onClick={onToggleTree}>
          <IconListTree size={18} />
        </ActionIcon>
      </Tool>
      <Menu withinPortal position="bottom-start">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('viewer.model.views')}>
            <IconCube size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {standardViews.map((view) => (
            <Menu.Item key={view} onClick={() => onView(view)}>
              {t(`viewer.model.view.${view}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tool label={t('viewer.model.fit')}>
        <ActionIcon variant="subtle" aria-label={t('viewer.model.fit')} onClick={onFit}>
          <IconArrowsMaximize size={18} />
        </ActionIcon>
      </Tool>
      <NativeSelect
        size="xs"
        aria-label={t('viewer.model.measure')}
        value={state.measure}
        onChange={(event) => onChange({ measure: event.currentTarget.value as ToolbarState['measure'] })}
        data={(['off', 'distance', 'angle', 'hole'] as const).map((mode) => ({ value: mode, label: t(`viewer.model.measureMode.${mode}`) }))}
      />
      <SegmentedControl
        size="xs"
        aria-label={t('viewer.model.unit')}
        value={state.unit}
        onChange={(unit) => onChange({ unit: unit as LengthUnit })}
        data={[
          { value: 'mm', label: 'mm' },
          { value: 'in', label: 'in' },
        ]}
      />
      <NativeSelect
        size="xs"
        aria-label={t('viewer.model.section')}
        value={state.sectionAxis}
        onChange={(event) => onChange({ sectionAxis: event.currentTarget.value as ToolbarState['sectionAxis'] })}
        data={[{ value: 'off', label: t('viewer.model.sectionOff') }, ...(['x', 'y', 'z'] as const).map((axis) => ({ value: axis, label: t('viewer.model.sectionAlong', { axis: axis.toUpperCase() }) }))]}
      />
      {state.sectionAxis !== 'off' && (
        <>
          {slider(t('viewer.model.sectionPosition'), state.sectionPosition, (sectionPosition) => onChange({ sectionPosition }))}
          <Tool label={t('viewer.model.flip')}>
            <ActionIcon variant="subtle" aria-label={t('viewer.model.flip')} onClick={onFlip}>
              <IconSwitchVertical size={18} />
            </ActionIcon>
          </Tool>
        </>
      )}
      {slider(t('viewer.model.explode'), state.explode, (explode) => onChange({ explode }))}
      {versions.length > 0 && (
        <NativeSelect
          size="xs"
          aria-label={t('viewer.model.compare')}
          value={compareWith ?? ''}
          onChange={(event) => onCompare(event.currentTarget.value || null)}
          data={[{ value: '', label: t('viewer.model.compareOff') }, ...versions.map((version) => ({ value: version.id, label: t('viewer.model.compareWith', { version: version.label }) }))]}
          data-testid="model-compare"
        />
      )}
      <Tool label={t('viewer.model.snapshot')}>
        <ActionIcon variant="subtle" aria-label={t('viewer.model.snapshot')} onClick={onSnapshot}>
          <IconCamera size={18} />
        </ActionIcon>
      </Tool>
    </Group>
  );
}
