/**
 * Minimum text sizes of the TV board, derived from a legibility rule instead of chosen by eye (the rule and
 * the resulting sizes are tabled in apps/dashboard/README.md, "Legible from across the room").
 *
 * A 55-inch 16:9 screen watched from 4 m: text is read comfortably when its x-height subtends at least
 * {@link TEXT_ANGLE_DEG}; figures read at a glance get {@link FIGURE_ANGLE_DEG}. Sizes are a share of the
 * screen height, so they hold at 1080p and 2160p alike (the same board, twice the pixels), and are set in
 * `vmin` so a portrait screen uses its width.
 */

/** The screen and viewing distance the rule is worked out for. */
export const VIEWING = {
  distanceMm: 4000,
  diagonalInch: 55,
  aspect: [16, 9] as const,
  /**
   * x-height as a share of the font size. The lowest of the fonts our stack resolves to (Segoe UI 0.50,
   * Roboto 0.53, DejaVu Sans 0.55), so the minimum holds whichever font the TV browser picks.
   */
  xHeightRatio: 0.5,
} as const;

/** x-height angle for any text on the board (labels, names, times, tags, header, freshness). */
export const TEXT_ANGLE_DEG = 0.2;
/** x-height angle for the figures of the tiles, read at a glance. */
export const FIGURE_ANGLE_DEG = 0.3;

/** Screen height of the reference TV, mm. */
export function screenHeightMm(viewing: typeof VIEWING = VIEWING): number {
  const [w, h] = viewing.aspect;
  return (viewing.diagonalInch * 25.4 * h) / Math.hypot(w, h);
}

/** The font size (percent of the screen height, i.e. vh) whose x-height subtends `angleDeg` at the distance. */
export function minFontVh(angleDeg: number, viewing: typeof VIEWING = VIEWING): number {
  const xHeightMm = viewing.distanceMm * Math.tan((angleDeg * Math.PI) / 180);
  return (xHeightMm / viewing.xHeightRatio / screenHeightMm(viewing)) * 100;
}

/** Rounded up to 0.01 so the rounding never falls below the rule. */
const ceil2 = (value: number) => Math.ceil(value * 100) / 100;

/** Smallest text on the board, in vmin (4.08: 44 px at 1080p, 88 px at 2160p). */
export const TEXT_MIN_VMIN = ceil2(minFontVh(TEXT_ANGLE_DEG));
/** Smallest tile figure, in vmin (6.12: 66 px at 1080p, 132 px at 2160p). */
export const FIGURE_MIN_VMIN = ceil2(minFontVh(FIGURE_ANGLE_DEG));

/**
 * The CSS custom properties a board root sets; components size their text from them. `distanceM` is how
 * far the watchers are (4 m, the rule's distance, by default): sizes scale with it.
 */
export function legibilityVars(distanceM = VIEWING.distanceMm / 1000): Record<string, string> {
  const scale = (distanceM * 1000) / VIEWING.distanceMm;
  const vmin = (value: number) => `${Math.ceil(value * scale * 100) / 100}vmin`;
  return { '--text-min': vmin(TEXT_MIN_VMIN), '--figure-min': vmin(FIGURE_MIN_VMIN) };
}
