import type {
  QueueDayIntervals,
  QueueIntervalFigures,
  QueueIntervalsAnswer,
} from '@switchboard/live-protocol';
import { formatDuration, formatPercent } from './format.js';

/**
 * The day of a queue in intervals as a chart draws it (`GET /api/queues/:id/intervals`), pure: today's
 * intervals and last week's same weekday on one time axis, the series each chart view draws, the words a
 * screen reader hears and the rows of the table beside the chart.
 *
 * Last week is laid over today **by interval index**: interval i of last week (i = its start minus last week's
 * day start, in intervals) is drawn at today's day start + i intervals, never at its own time + 7 days, which a
 * change of the clocks in between would shift by an hour. The gateway counts intervals from the day's start,
 * so a day with a clock change has 92 or 100 intervals of 15 minutes, not 96: the axis runs as long as the
 * longer of the two days (and at least 24 hours). On the clock-change day itself, the intervals after the
 * change lie an hour apart from the same clock time of the other day; a chart of a whole day shows the
 * shape, not that hour.
 */

/** A figure of one interval that a chart can draw. */
export type IntervalFigure =
  'offered' | 'answered' | 'abandoned' | 'serviceLevel' | 'avgWaitSec' | 'longestWaitSec';

export const INTERVAL_FIGURES: readonly IntervalFigure[] = [
  'offered',
  'answered',
  'abandoned',
  'serviceLevel',
  'avgWaitSec',
  'longestWaitSec',
];

/** The scale a figure is drawn on: calls (left axis), percent (right axis), seconds. */
export type FigureScale = 'calls' | 'percent' | 'seconds';

/** How each figure is named and read. */
export const FIGURE_TEXT: Readonly<Record<IntervalFigure, { label: string; scale: FigureScale }>> = {
  offered: { label: 'Offered', scale: 'calls' },
  answered: { label: 'Answered', scale: 'calls' },
  abandoned: { label: 'Abandoned', scale: 'calls' },
  serviceLevel: { label: 'Service level', scale: 'percent' },
  avgWaitSec: { label: 'Average wait', scale: 'seconds' },
  longestWaitSec: { label: 'Longest wait', scale: 'seconds' },
};

/** One figure over the day's slots: a value per slot, null where the interval is not (yet) known or has none. */
export type SlotValues = (number | null)[];

/** One day's figures, slot by slot. */
export type DayValues = Record<IntervalFigure, SlotValues>;

/** Today and last week on one time axis. */
export interface IntervalDay {
  /** Length of an interval, ms. */
  intervalMs: number;
  intervalMin: number;
  /** Start of each slot (epoch ms): today's day start + i intervals. */
  xs: number[];
  /** End of the axis (epoch ms): the end of the last slot. */
  end: number;
  today: DayValues;
  /** Null when the gateway could not read last week. */
  lastWeek: DayValues | null;
  /** Intervals of today the gateway listed (up to the one in progress). */
  todayCount: number;
  /** Intervals of last week the gateway listed (0 when not available). */
  lastWeekCount: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The slot of an interval: its start minus its day's start, in whole intervals. */
export function slotOf(day: QueueDayIntervals, interval: QueueIntervalFigures, intervalMs: number): number {
  return Math.round((interval.start - day.dayStart) / intervalMs);
}

function emptyValues(slots: number): DayValues {
  const values = {} as DayValues;
  for (const figure of INTERVAL_FIGURES) values[figure] = new Array<number | null>(slots).fill(null);
  return values;
}

/** Highest slot of a day's intervals + 1 (0 for none). */
function slotsOfDay(day: QueueDayIntervals, intervalMs: number): number {
  return day.intervals.reduce((max, interval) => Math.max(max, slotOf(day, interval, intervalMs) + 1), 0);
}

function fill(values: DayValues, day: QueueDayIntervals, intervalMs: number): number {
  let count = 0;
  for (const interval of day.intervals) {
    const slot = slotOf(day, interval, intervalMs);
    if (slot < 0 || slot >= values.offered.length) continue;
    count += 1;
    for (const figure of INTERVAL_FIGURES) values[figure][slot] = interval[figure];
  }
  return count;
}

/**
 * Today's and last week's intervals on one axis of slots. The axis starts at today's day start and holds
 * the longer of a 24-hour day, today's intervals and last week's (a 25-hour day has 100 slots of 15 min).
 */
export function shapeIntervals(answer: QueueIntervalsAnswer): IntervalDay {
  const intervalMin = answer.intervalMin > 0 ? answer.intervalMin : 15;
  const intervalMs = intervalMin * 60_000;
  const slots = Math.max(
    Math.ceil(DAY_MS / intervalMs),
    slotsOfDay(answer.today, intervalMs),
    answer.lastWeek ? slotsOfDay(answer.lastWeek, intervalMs) : 0,
  );
  const xs = Array.from({ length: slots }, (_, i) => answer.today.dayStart + i * intervalMs);
  const today = emptyValues(slots);
  const todayCount = fill(today, answer.today, intervalMs);
  let lastWeek: DayValues | null = null;
  let lastWeekCount = 0;
  if (answer.lastWeek) {
    lastWeek = emptyValues(slots);
    lastWeekCount = fill(lastWeek, answer.lastWeek, intervalMs);
  }
  return {
    intervalMs,
    intervalMin,
    xs,
    end: answer.today.dayStart + slots * intervalMs,
    today,
    lastWeek,
    todayCount,
    lastWeekCount,
  };
}

/** "15 minutes", "30 minutes", "hour", "2 hours": the length of an interval in words. */
export function intervalWords(intervalMin: number): string {
  if (intervalMin === 60) return 'hour';
  if (intervalMin % 60 === 0) return `${intervalMin / 60} hours`;
  return `${intervalMin} minutes`;
}

/** Short form for captions: "15 min", "1 h". */
export function intervalShort(intervalMin: number): string {
  return intervalMin % 60 === 0 ? `${intervalMin / 60} h` : `${intervalMin} min`;
}

/** The slot of the interval in progress: the last one today lists (-1 before the first). */
export function currentSlot(day: IntervalDay): number {
  let last = -1;
  day.today.offered.forEach((value, slot) => {
    if (value !== null) last = slot;
  });
  return last;
}

function sumUpTo(values: SlotValues, lastSlot: number): number {
  let sum = 0;
  for (let slot = 0; slot <= lastSlot && slot < values.length; slot += 1) sum += values[slot] ?? 0;
  return sum;
}

/** Today's calls so far, and last week's by the same time of day (null when last week is not known). */
export interface DaySoFar {
  offered: number;
  answered: number;
  abandoned: number;
  lastWeekOffered: number | null;
}

export function daySoFar(day: IntervalDay): DaySoFar {
  const last = currentSlot(day);
  return {
    offered: sumUpTo(day.today.offered, last),
    answered: sumUpTo(day.today.answered, last),
    abandoned: sumUpTo(day.today.abandoned, last),
    lastWeekOffered: day.lastWeek ? sumUpTo(day.lastWeek.offered, last) : null,
  };
}

/** What the chart says to a screen reader: "Calls per 15 minutes today, 212 offered so far; last week same time 198". */
export function chartSummary(day: IntervalDay): string {
  const so = daySoFar(day);
  const lastWeek =
    so.lastWeekOffered === null
      ? "last week's figures are not available"
      : `last week same time ${so.lastWeekOffered}`;
  return (
    `Calls per ${intervalWords(day.intervalMin)} today, ${so.offered} offered so far ` +
    `(${so.answered} answered, ${so.abandoned} abandoned); ${lastWeek}.`
  );
}

/** Local wall-clock time (HH:MM) of an instant, in the browser's zone like every time the dashboard shows. */
export function formatTimeOfDay(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A figure's value as a table cell or tooltip reads it. */
export function formatFigure(figure: IntervalFigure, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const scale = FIGURE_TEXT[figure].scale;
  if (scale === 'percent') return formatPercent(value);
  if (scale === 'seconds') return formatDuration(value);
  return String(value);
}

/** One row of the table beside the chart: an interval, today's figures and last week's. */
export interface IntervalRow {
  slot: number;
  /** "09:15" */
  time: string;
  today: Record<IntervalFigure, string> | null;
  lastWeek: Record<IntervalFigure, string> | null;
}

function cells(values: DayValues, slot: number): Record<IntervalFigure, string> | null {
  if (values.offered[slot] === null || values.offered[slot] === undefined) return null;
  const out = {} as Record<IntervalFigure, string>;
  for (const figure of INTERVAL_FIGURES) out[figure] = formatFigure(figure, values[figure][slot]);
  return out;
}

/**
 * The table's rows: every slot up to the interval in progress, and on through the rest of last week's
 * day (what the afternoon brought last week), each with whatever of the two days is known.
 */
export function intervalRows(day: IntervalDay): IntervalRow[] {
  const rows: IntervalRow[] = [];
  const until = Math.max(currentSlot(day) + 1, day.lastWeek ? lastKnownSlot(day.lastWeek) + 1 : 0);
  for (let slot = 0; slot < until; slot += 1) {
    rows.push({
      slot,
      time: formatTimeOfDay(day.xs[slot] ?? 0),
      today: cells(day.today, slot),
      lastWeek: day.lastWeek ? cells(day.lastWeek, slot) : null,
    });
  }
  return rows;
}

function lastKnownSlot(values: DayValues): number {
  let last = -1;
  values.offered.forEach((value, slot) => {
    if (value !== null) last = slot;
  });
  return last;
}

/** What a chart draws: which figure of which day, on which scale and how. */
export interface SeriesSpec {
  /** "Today · Offered", also the series' name for tests. */
  label: string;
  day: 'today' | 'lastWeek';
  figure: IntervalFigure;
  scale: FigureScale;
  /** bars: today's calls; line: today's other figures; dashed: last week. */
  style: 'bars' | 'line' | 'dashed';
  /** Colour role, resolved from the theme's CSS variables by the chart. */
  color: 'accent' | 'ok' | 'danger' | 'level' | 'muted';
}

/** The views of the console's selector, and the TV's one view. */
export type ChartView = 'calls' | 'avgWaitSec' | 'longestWaitSec' | 'tv';

export const CHART_VIEWS: readonly { view: Exclude<ChartView, 'tv'>; label: string }[] = [
  { view: 'calls', label: 'Calls and service level' },
  { view: 'avgWaitSec', label: 'Average wait' },
  { view: 'longestWaitSec', label: 'Longest wait' },
];

/**
 * The series of a view. `calls`: today's offered (bars), answered and abandoned, and service level (%, second
 * axis); last week's offered and service level dashed. A wait view: that wait today and last week. `tv`: today's
 * offered and last week's, nothing else, so "Today" and "Last week" are the whole legend.
 */
export function seriesOf(view: ChartView): SeriesSpec[] {
  const spec = (
    day: SeriesSpec['day'],
    figure: IntervalFigure,
    style: SeriesSpec['style'],
    color: SeriesSpec['color'],
  ): SeriesSpec => ({
    label: `${day === 'today' ? 'Today' : 'Last week'} · ${FIGURE_TEXT[figure].label}`,
    day,
    figure,
    scale: FIGURE_TEXT[figure].scale,
    style,
    color,
  });
  switch (view) {
    case 'tv':
      return [spec('today', 'offered', 'bars', 'accent'), spec('lastWeek', 'offered', 'dashed', 'muted')];
    case 'avgWaitSec':
    case 'longestWaitSec':
      return [spec('today', view, 'line', 'accent'), spec('lastWeek', view, 'dashed', 'muted')];
    default:
      return [
        spec('today', 'offered', 'bars', 'accent'),
        spec('today', 'answered', 'line', 'ok'),
        spec('today', 'abandoned', 'line', 'danger'),
        spec('today', 'serviceLevel', 'line', 'level'),
        spec('lastWeek', 'offered', 'dashed', 'muted'),
        spec('lastWeek', 'serviceLevel', 'dashed', 'level'),
      ];
  }
}

/**
 * The chart's data: x in seconds (uPlot's time unit) at the middle of each interval, where its bar stands
 * and its lines pass, then one array per series; last week's all null when it is not known, so the series
 * stay the same from one answer to the next and the chart is only fed new data.
 */
export function chartData(day: IntervalDay, series: readonly SeriesSpec[]): [number[], ...SlotValues[]] {
  const xs = day.xs.map((x) => (x + day.intervalMs / 2) / 1000);
  const empty = (): SlotValues => new Array<number | null>(day.xs.length).fill(null);
  return [
    xs,
    ...series.map((s) => {
      const values = s.day === 'today' ? day.today : day.lastWeek;
      return values ? values[s.figure] : empty();
    }),
  ];
}

/** Values a series has (slots that are not null): what a test reads to know a series was fed. */
export function pointCount(values: SlotValues): number {
  return values.reduce<number>((count, value) => (value === null ? count : count + 1), 0);
}

/**
 * Every `stepHours`-th whole local hour between two instants (epoch ms): where the time axis puts its
 * labels. Hours are counted on the browser's clock, so a clock change gives a 23- or 25-hour axis its true labels.
 */
export function hourTicks(fromMs: number, toMs: number, stepHours: number): number[] {
  const ticks: number[] = [];
  const start = new Date(fromMs);
  start.setMinutes(0, 0, 0);
  const first = start.getTime() < fromMs ? start.getTime() + HOUR_MS : start.getTime();
  for (let at = first; at <= toMs; at += HOUR_MS) {
    const date = new Date(at);
    if (date.getMinutes() === 0 && date.getHours() % stepHours === 0) ticks.push(at);
  }
  return ticks;
}

/** Steps the time axis may take, in hours. */
const HOUR_STEPS = [1, 2, 3, 4, 6, 12];

/**
 * The label step (hours) whose labels fit `width` px of axis, each taking `perLabel` px (its text and the
 * space after it), the axis's two ends left unlabelled; no finer than `minStep`, at most 12.
 */
export function hourStep(width: number, perLabel: number, spanHours: number, minStep = 1): number {
  const fits = (step: number) => Math.max(1, Math.ceil(spanHours / step) - 1) * perLabel <= width;
  return HOUR_STEPS.find((step) => step >= minStep && fits(step)) ?? 12;
}

const NICE_COUNTS = [5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 250, 300, 400, 500];
const NICE_SECONDS = [60, 120, 180, 300, 600, 900, 1200, 1800, 2400, 3600, 5400, 7200];

/**
 * The top of a value axis: a round number a little above the highest value (calls 5, 10, 15, 20, 25, 30, 40 …;
 * waits in whole minutes), so the axis can be read from its top label alone; percent is always 100.
 */
export function axisTop(max: number | null, scale: FigureScale): number {
  if (scale === 'percent') return 100;
  const wanted = (max ?? 0) * 1.05;
  const nice = scale === 'seconds' ? NICE_SECONDS : NICE_COUNTS;
  const found = nice.find((top) => top >= wanted);
  if (found !== undefined) return found;
  const unit = scale === 'seconds' ? 3600 : 100;
  return Math.ceil(wanted / unit) * unit;
}

/** "#58a6ff" or "rgb(88, 166, 255)" with an alpha, for fills and faded lines; anything else unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return color;
}
