import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatisticsPoint } from '@portal/contracts/statistics';

const chartHeight = 280;

/** Seconds since the epoch of a period's first day (`2026-03-02` or `2026-03`), as uPlot's time axis wants. */
export const periodStart = (period: string) => Date.parse(period.length === 7 ? `${period}-01` : period) / 1000;

/**
 * Views and downloads over time as a uPlot line chart sized to its container. The canvas is hidden from
 * assistive technology: the page shows the same numbers in a table.
 */
export function StatisticsChart({ series }: { series: StatisticsPoint[] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
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
        series: [{}, line(t('adminStatistics.columns.views'), theme.colors.blue[dark ? 4 : 7]), line(t('adminStatistics.columns.downloads'), theme.colors.orange[dark ? 4 : 7])],
        legend: { show: true },
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
  }, [series, dark, theme, t]);

  return <div ref={container} aria-hidden="true" style={{ width: '100%', minHeight: chartHeight, color: dark ? theme.colors.dark[0] : theme.black }} />;
}
