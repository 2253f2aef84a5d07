/**
 * One ECharts chart in a box that follows its width: the chart modules of 访问统计 and 站点监控 draw through it, so
 * the set of ECharts parts registered and the chart's life cycle (resize, dispose) are written once. Import it only
 * from a module that a page loads lazily: importing it brings ECharts along.
 *
 * Modular imports keep ECharts to the line and bar charts, the grid, the legend, the tooltip and the SVG renderer.
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

registerParts([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** Only the option parts registered above: an option using another part fails to type-check instead of drawing nothing. */
export type EChartOption = ComposeOption<LineSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** `label` is the chart's text for screen readers (the drawing itself is an image); `className` lets a page style it. */
export function EChart({ option, label, className }: { option: EChartOption; label: string; className: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    const el = box.current!;
    const c = init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} className={className} role="img" aria-label={label} style={{ width: '100%', height: 300 }} />;
}
