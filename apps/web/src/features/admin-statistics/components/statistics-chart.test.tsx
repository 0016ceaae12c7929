import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { periodStart, StatisticsChart } from './statistics-chart';

// jsdom has no canvas: uPlot is replaced by a recorder of what the chart asks of it.
const plots = vi.hoisted(() => [] as Array<{ data: number[][]; destroyed: boolean; labels: string[]; legend: boolean; hover: (idx: number | null) => void }>);
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    record: { data: number[][]; destroyed: boolean; labels: string[]; legend: boolean; hover: (idx: number | null) => void };
    cursor: { idx: number | null } = { idx: null };
    constructor(options: { series: Array<{ label?: string }>; legend: { show: boolean }; hooks: { setCursor: Array<(plot: FakePlot) => void> } }, data: number[][]) {
      const hover = (idx: number | null) => {
        this.cursor.idx = idx;
        for (const hook of options.hooks.setCursor) hook(this);
      };
      this.record = { data, destroyed: false, labels: options.series.map((series) => series.label ?? ''), legend: options.legend.show, hover };
      plots.push(this.record);
    }
    setSize() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: FakePlot };
});

describe('statistics chart', () => {
  beforeAll(() => initTestI18n());

  it('places days and months at their first UTC instant', () => {
    expect(periodStart('2026-03-02')).toBe(Date.UTC(2026, 2, 2) / 1000);
    expect(periodStart('2026-03')).toBe(Date.UTC(2026, 2, 1) / 1000);
  });

  it('plots views and downloads over time, hidden from assistive technology, and destroys the plot when unmounted', () => {
    const series = [{ period: '2026-03-02', views: 3, downloads: 1 }, { period: '2026-03-03', views: 0, downloads: 2 }];
    const { container, unmount } = renderWithProviders(<StatisticsChart series={series} />);
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    const plot = plots.at(-1)!;
    expect(plot.labels).toEqual(['', 'Views', 'Downloads']);
    expect(plot.data).toEqual([[periodStart('2026-03-02'), periodStart('2026-03-03')], [3, 0], [1, 2]]);
    unmount();
    expect(plot.destroyed).toBe(true);
  });

  it('shows a legend with the totals of the range, and the values of the point under the pointer, never "--"', () => {
    const series = [{ period: '2026-03-02', views: 1234, downloads: 1 }, { period: '2026-03-03', views: 0, downloads: 2 }];
    renderWithProviders(<StatisticsChart series={series} />);
    const plot = plots.at(-1)!;
    expect(plot.legend).toBe(false);
    const legend = screen.getByTestId('statistics-legend');
    expect(legend).toHaveTextContent('Whole range');
    expect(legend).toHaveTextContent('Views: 1,234');
    expect(legend).toHaveTextContent('Downloads: 3');
    act(() => plot.hover(1));
    expect(legend).toHaveTextContent('Mar 3, 2026');
    expect(legend).toHaveTextContent('Views: 0');
    expect(legend).toHaveTextContent('Downloads: 2');
    act(() => plot.hover(null));
    expect(legend).toHaveTextContent('Whole range');
    expect(legend.textContent).not.toContain('--');
  });
});
