import uPlot from 'uplot';
import { formatDuration } from '../../lib/format.js';
import {
  axisTop,
  hourStep,
  hourTicks,
  formatTimeOfDay,
  withAlpha,
  type FigureScale,
  type IntervalDay,
  type SeriesSpec,
} from '../../lib/interval-series.js';

// The canvas side of IntervalChart.vue: the theme's colours, the type size, and uPlot's options for a day.

/** Colour roles → the theme's CSS variables; the DOM legend uses the variables, the canvas their values. */
export const COLOR_VARS: Readonly<Record<SeriesSpec['color'], string>> = {
  accent: '--accent',
  ok: '--ok',
  danger: '--danger',
  level: '--state-on_hold',
  muted: '--text-muted',
};

/** The colours the canvas draws with. */
export interface Palette {
  series: Record<SeriesSpec['color'], string>;
  text: string;
  grid: string;
}

/** Colours until the theme's are read (the dark theme's). */
export const DEFAULT_PALETTE: Readonly<Palette> = {
  series: { accent: '#58a6ff', ok: '#3fb950', danger: '#f85149', level: '#bc8cff', muted: '#9da7b3' },
  text: '#e6edf3',
  grid: '#30363d',
};

/** A canvas the browser can draw on (happy-dom, the unit tests' DOM, has none: the table still renders). */
export const canDraw =
  typeof document !== 'undefined' &&
  (() => {
    try {
      return document.createElement('canvas').getContext('2d') !== null;
    } catch {
      return false;
    }
  })();

/** The theme's colours as the canvas needs them, read from its CSS variables (`previous` where one is unset). */
export function readPalette(element: HTMLElement, previous: Palette = DEFAULT_PALETTE): Palette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const series = { ...previous.series };
  for (const [role, name] of Object.entries(COLOR_VARS) as [SeriesSpec['color'], string][])
    series[role] = read(name, series[role]);
  return { series, text: read('--text', previous.text), grid: read('--border', previous.grid) };
}

/**
 * The axis type size in whole px (uPlot reads only whole px from a font): on the TV the computed
 * `--text-min`, which the chart's font-size is set to, rounded up so it never falls below the minimum.
 */
export function measureFont(element: HTMLElement): number {
  return Math.ceil(Number.parseFloat(getComputedStyle(element).fontSize) || 14);
}

const INCRS: Readonly<Record<FigureScale, number[]>> = {
  calls: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000],
  percent: [10, 20, 25, 50, 100],
  seconds: [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200],
};

function axisValue(scale: FigureScale, value: number): string {
  if (scale === 'percent') return `${Math.round(value)}%`;
  if (scale === 'seconds') return formatDuration(value);
  return String(Math.round(value));
}

function strokeOf(spec: SeriesSpec, palette: Palette): string {
  const color = palette.series[spec.color];
  return spec.day === 'lastWeek' && spec.color !== 'muted' ? withAlpha(color, 0.75) : color;
}

/** Width of `text` in `font` (CSS px), or null where nothing can measure it. */
function textWidth(text: string, font: string): number | null {
  if (!canDraw) return null;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.font = font;
  return context.measureText(text).width;
}

/** Indexes of values with no value on either side: a line cannot show them, a dot does. */
function loneIndexes(values: ArrayLike<number | null | undefined>): number[] | null {
  const lone: number[] = [];
  for (let i = 0; i < values.length; i += 1)
    if (values[i] != null && values[i - 1] == null && values[i + 1] == null) lone.push(i);
  return lone.length > 0 ? lone : null;
}

/** What a chart is drawn from. */
export interface PlotInput {
  width: number;
  height: number;
  /** Axis type size (whole px) and family. */
  fontPx: number;
  fontFamily: string;
  tv: boolean;
  day: IntervalDay | null;
  specs: readonly SeriesSpec[];
  /** The colours at draw time (a theme change redraws with the new ones). */
  palette: () => Palette;
  onDraw: () => void;
  onCursor: (index: number | null) => void;
}

/** uPlot's options for a day's chart: axes, scales and series, sized to the console or the TV. */
export function plotOptions(input: PlotInput): uPlot.Options {
  const { width: w, height: h, fontPx: f, tv: isTv, palette } = input;
  const font = `${f}px ${input.fontFamily}`;
  const line = isTv ? Math.max(4, Math.round(f / 9)) : 2;
  const dash = isTv ? [Math.round(f * 0.6), Math.round(f * 0.3)] : [6, 4];
  const tick = isTv ? Math.round(f * 0.2) : 4;
  const gap = isTv ? Math.round(f * 0.15) : 4;
  const shape = input.day;
  const xMin = shape ? (shape.xs[0] ?? 0) / 1000 : 0;
  const xMax = shape ? shape.end / 1000 : 86_400;
  const list = input.specs;
  const primary = list[0]?.scale ?? 'calls';
  const scales = [...new Set(list.map((s) => s.scale))];
  const labelWidth = textWidth('00:00', font) ?? f * 2.9;

  const yAxis = (scale: FigureScale, side: 1 | 3): uPlot.Axis => ({
    scale,
    side,
    font,
    gap,
    stroke: () => palette().text,
    // Few labels, well apart; the TV labels the axis's round top and 0, and its middle where there is room.
    space: Math.round(f * 2.4),
    incrs: INCRS[scale],
    ...(isTv
      ? {
          splits: (u: uPlot, _axis: number, min: number, max: number) => {
            const height = u.bbox.height / (window.devicePixelRatio || 1);
            return height >= f * 4 && Number.isInteger(max / 2) ? [min, max / 2, max] : [min, max];
          },
        }
      : {}),
    values: (_u, splits) => splits.map((value) => axisValue(scale, value)),
    size: (_u, values) => {
      const longest = Math.max(2, ...(values ?? []).map((value) => String(value).length));
      return Math.ceil(longest * f * 0.62 + gap + tick + 4);
    },
    ticks: { stroke: () => palette().grid, width: 1, size: tick },
    grid: side === 3 ? { stroke: () => palette().grid, width: 1 } : { show: false },
  });

  const barsPath = uPlot.paths.bars?.({ size: [0.8, Infinity], align: 0 });
  return {
    width: w,
    height: h,
    legend: { show: false },
    // Room above the plot for half of the top axis label, and right of it for half of a time label.
    padding: [Math.ceil(f * 0.6), Math.ceil(f * 0.5), 0, 0],
    cursor: isTv
      ? { show: false }
      : { drag: { x: false, y: false, setScale: false }, y: false, points: { show: false } },
    scales: {
      x: { time: true, range: () => [xMin, xMax] },
      calls: { range: (_u, _min, max) => [0, axisTop(max, 'calls')] },
      percent: { range: () => [0, 100] },
      seconds: { range: (_u, _min, max) => [0, axisTop(max, 'seconds')] },
    },
    axes: [
      {
        scale: 'x',
        font,
        gap,
        stroke: () => palette().text,
        size: Math.ceil(f * 1.25 + tick + gap),
        ticks: { stroke: () => palette().grid, width: 1, size: tick },
        grid: { stroke: () => palette().grid, width: 1 },
        // Whole hours, as many as fit ("14:00" and an em of space each); on the TV no closer than 2 h.
        splits: (u) => {
          const min = u.scales['x']?.min ?? xMin;
          const max = u.scales['x']?.max ?? xMax;
          const plotWidth = u.bbox.width / (window.devicePixelRatio || 1);
          const step = hourStep(plotWidth, labelWidth + f, (max - min) / 3600, isTv ? 2 : 1);
          return hourTicks(min * 1000, max * 1000, step)
            .map((at) => at / 1000)
            .filter((at) => at > min && at < max);
        },
        values: (_u, splits) => splits.map((at) => formatTimeOfDay(at * 1000)),
      },
      yAxis(primary, 3),
      ...scales.filter((scale) => scale !== primary).map((scale) => yAxis(scale, 1)),
    ],
    series: [
      {},
      ...list.map((spec): uPlot.Series => ({
        label: spec.label,
        scale: spec.scale,
        spanGaps: false,
        stroke: () => strokeOf(spec, palette()),
        width: spec.style === 'bars' ? 1 : line,
        ...(spec.style === 'bars'
          ? { fill: () => withAlpha(palette().series[spec.color], isTv ? 0.6 : 0.45), paths: barsPath }
          : {}),
        ...(spec.style === 'dashed' ? { dash } : {}),
        // A figure with gaps (no call counted) shows an interval alone between gaps as a dot.
        points: {
          show: false,
          size: line * 3,
          fill: () => strokeOf(spec, palette()),
          filter: (u, seriesIdx) => loneIndexes(u.data[seriesIdx] ?? []),
        },
      })),
    ],
    hooks: {
      draw: [() => input.onDraw()],
      setCursor: [(u) => input.onCursor(u.cursor.idx ?? null)],
    },
  };
}
