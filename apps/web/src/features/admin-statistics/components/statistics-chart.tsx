import { Box, Group, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatisticsPoint } from '@portal/contracts/statistics';
import { formatPeriod } from '../../../lib/dates';

const chartHeight = 280;

/** Seconds since the epoch of a period's first day (`2026-03-02` or `2026-03`), as uPlot's time axis wants. */
export const periodStart = (period: string) => Date.parse(period.length === 7 ? `${period}-01` : period) / 1000;

interface LegendProps {
  series: StatisticsPoint[];
  /** Index of the point under the pointer, or null: the legend then shows the whole range's totals. */
  hovered: number | null;
  colors: { views: string; downloads: string };
}

/** The chart's legend: each line's colour and name with its value at the point under the pointer, or the range's total. */
export function StatisticsLegend({ series, hovered, colors }: LegendProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const point = hovered !== null ? series[hovered] : undefined;
  const value = (key: 'views' | 'downloads') => (point ? point[key] : series.reduce((sum, each) => sum + each[key], 0));
  return (
    <Group gap="lg" mt="xs" wrap="wrap" data-testid="statistics-legend">
      <Text fz="sm" fw={500}>
        {point ? formatPeriod(point.period, i18n.language) : t('adminStatistics.legendWholeRange')}
      </Text>
      {(['views', 'downloads'] as const).map((key) => (
        <Group key={key} gap={6} wrap="nowrap">
          <Box w={14} h={4} bg={colors[key]} style={{ borderRadius: 2 }} aria-hidden />
          <Text fz="sm">
            {t(`adminStatistics.columns.${key}`)}: <strong>{number.format(value(key))}</strong>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * Views and downloads over time as a uPlot line chart sized to its container, with a legend that shows the
 * values of the point under the pointer (the range's totals otherwise). The canvas is hidden from assistive
 * technology: the page shows the same numbers in a table.
 */
export function StatisticsChart({ series }: { series: StatisticsPoint[] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const container = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const colors = { views: theme.colors.blue[dark ? 4 : 7]!, downloads: theme.colors.orange[dark ? 4 : 7]! };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    setHovered(null);
    const text = dark ? theme.colors.dark[0] : theme.black;
    const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const line = (label: string, color: string) => ({ label, stroke: color, width: 2, points: { show: true, size: 5, fill: color } });
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: chartHeight,
        // The periods are UTC days: label them so, whatever the browser's time zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { y: { range: (_chart, _min, max) => [0, Math.max(1, max)] } },
        axes: [axis, axis],
        series: [{}, line(t('adminStatistics.columns.views'), colors.views), line(t('adminStatistics.columns.downloads'), colors.downloads)],
        // uPlot's own legend reads "Time: --" until the pointer is on the chart: the legend below replaces it.
        legend: { show: false },
        hooks: { setCursor: [(plot) => setHovered(plot.cursor.idx ?? null)] },
      },
      [series.map((point) => periodStart(point.period)), series.map((point) => point.views), series.map((point) => point.downloads)],
      element,
    );
    const resize = new ResizeObserver(([entry]) => entry && chart.setSize({ width: Math.floor(entry.contentRect.width), height: chartHeight }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, dark, theme, t, colors.views, colors.downloads]);

  return (
    <div>
      <div ref={container} aria-hidden="true" style={{ width: '100%', minHeight: chartHeight, color: dark ? theme.colors.dark[0] : theme.black }} />
      <StatisticsLegend series={series} hovered={hovered} colors={colors} />
    </div>
  );
}
