import { FIGURE_TEXT, type DaySoFar, type SeriesSpec } from '../../lib/interval-series.js';
import { COLOR_VARS } from './interval-plot.js';

/** One entry of the chart's legend: a series, its swatch and (offered calls) today's figure so far or last week's by now. */
export interface LegendItem {
  key: string;
  label: string;
  value: string;
  style: SeriesSpec['style'];
  color: string;
}

/** The legend's groups: the TV's "Today" and "Last week", one series each; the console's series under each day's name. */
export function legendGroups(
  specs: readonly SeriesSpec[],
  soFar: DaySoFar | null,
  tv: boolean,
): { day: string; items: LegendItem[] }[] {
  const item = (spec: SeriesSpec, label: string): LegendItem => {
    let value = '';
    if (soFar && spec.figure === 'offered')
      value =
        spec.day === 'today'
          ? `${soFar.offered}${tv ? '' : ' so far'}`
          : soFar.lastWeekOffered === null
            ? 'not available'
            : `${soFar.lastWeekOffered}${tv ? '' : ' by now'}`;
    return {
      key: `${spec.day}-${spec.figure}`,
      label,
      value,
      style: spec.style,
      color: `var(${COLOR_VARS[spec.color]})`,
    };
  };
  const primary = specs[0]?.scale;
  const secondAxis = specs.some((s) => s.scale !== primary);
  const label = (spec: SeriesSpec) =>
    `${FIGURE_TEXT[spec.figure].label}${secondAxis && spec.scale !== primary ? ' (right axis)' : ''}`;
  if (tv)
    return specs.map((spec) => ({
      day: '',
      items: [item(spec, spec.day === 'today' ? 'Today' : 'Last week')],
    }));
  return (['today', 'lastWeek'] as const).map((day) => ({
    day: day === 'today' ? 'Today' : 'Last week',
    items: specs.filter((spec) => spec.day === day).map((spec) => item(spec, label(spec))),
  }));
}
