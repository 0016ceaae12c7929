import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { periodStart, StatisticsChart } from './statistics-chart';

// jsdom has no canvas: uPlot is replaced by a recorder of what the chart asks of it.
const plots = vi.hoisted(() => [] as Array<{ data: number[][]; destroyed: boolean; labels: string[] }>);
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    record: { data: number[][]; destroyed: boolean; labels: string[] };
    constructor(options: { series: Array<{ label?: string }> }, data: number[][]) {
      this.record = { data, destroyed: false, labels: options.series.map((series) => series.label ?? '') };
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
});
