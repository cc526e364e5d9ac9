import type { AgentStateStyle } from './agent-states.js';

/** A state's shape in the icon's 16 x 16 box: one path, filled or outlined in the state's colour. */
export interface StateShape {
  d: string;
  paint: Readonly<Record<string, string>>;
}

const FILLED = { fill: 'currentColor' } as const;

/** Rounded rectangle at (x, y), w x h, corner radius r, as path data. */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const arc = (dx: number, dy: number) => `a${r} ${r} 0 0 1 ${dx} ${dy}`;
  return (
    `M${x + r} ${y}h${w - 2 * r}${arc(r, r)}v${h - 2 * r}${arc(-r, r)}` +
    `h${2 * r - w}${arc(-r, -r)}v${2 * r - h}${arc(r, -r)}Z`
  );
}

/** Circle centred in the box with radius r, as path data (two half arcs). */
function circle(r: number): string {
  return `M${8 - r} 8a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

/**
 * The drawing of every state shape (see AGENT_STATE_STYLES), shared by every icon on the page. One path a
 * shape, so an icon is one element whatever its state (see StateIcon.vue).
 */
export const STATE_SHAPES: Readonly<Record<AgentStateStyle['shape'], StateShape>> = {
  circle: { d: circle(6.5), paint: FILLED },
  triangle: { d: 'M8 1.5L15 14.5L1 14.5Z', paint: FILLED },
  square: { d: roundedRect(2, 2, 12, 12, 1.5), paint: FILLED },
  diamond: { d: 'M8 0.8L15.2 8L8 15.2L0.8 8Z', paint: FILLED },
  bars: { d: roundedRect(2.5, 2, 4, 12, 1) + roundedRect(9.5, 2, 4, 12, 1), paint: FILLED },
  // A square outline crossed out: a phone that is not there.
  'plug-slash': {
    d: `${roundedRect(2, 2, 12, 12, 2)}M2.5 13.5L13.5 2.5`,
    paint: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2' },
  },
  // A question mark: the PBX does not know.
  question: {
    d: 'M5 6a3 3 0 1 1 4.2 2.75c-.8.35-1.2.9-1.2 1.75v.5M8 13.2v.3',
    paint: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2.2', 'stroke-linecap': 'round' },
  },
  'ring-slash': {
    d: `${circle(6)}M3.8 12.2L12.2 3.8`,
    paint: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2' },
  },
};
