import type { Page } from 'playwright-core';

/**
 * Measuring a TV board's texts in the page against the legibility rule (apps/dashboard/README.md, "Legible
 * from across the room"): shared by tv-legibility.e2e.spec.ts and interval-chart.e2e.spec.ts.
 */

/** The documented minimums, in vmin: any text x-height 0.2° at 4 m on a 55" TV, tile figures 0.3°. */
export const TEXT_MIN_VMIN = 4.08;
export const FIGURE_MIN_VMIN = 6.12;

export interface TextReport {
  /** Smallest font size per text role (data-text-role, or "other" for any other text), px. */
  minByRole: Record<string, number>;
  /** Texts below their minimum: "agent name "Maria G." 31.2px < 44.1px". */
  tooSmall: string[];
  /** Names cut (ellipsis or overflow), times or figures clipped by their box. */
  cut: string[];
  horizontalScroll: boolean;
}

/** Measures every visible text of the page against the minimums, inside the page. */
export function measureTexts(page: Page): Promise<TextReport> {
  return page.evaluate(
    ({ textVmin, figureVmin }) => {
      const vmin = Math.min(window.innerWidth, window.innerHeight) / 100;
      const textMin = textVmin * vmin - 0.05;
      const figureMin = figureVmin * vmin - 0.05;
      const minByRole: Record<string, number> = {};
      const tooSmall: string[] = [];
      const cut: string[] = [];
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || !parent || !visible(parent)) continue;
        const role = parent.closest('[data-text-role]')?.getAttribute('data-text-role') ?? 'other';
        const size = Number.parseFloat(getComputedStyle(parent).fontSize);
        minByRole[role] = Math.min(minByRole[role] ?? Infinity, size);
        const min = role === 'tile value' ? figureMin : textMin;
        if (size < min)
          tooSmall.push(`${role} "${text.slice(0, 30)}" ${size.toFixed(1)}px < ${(min + 0.05).toFixed(1)}px`);
      }
      // Names are never shortened by the browser: the whole short name shows.
      for (const el of document.querySelectorAll(
        '[data-text-role="agent name"], [data-text-role="tile label"]',
      )) {
        if (visible(el) && el.scrollWidth > el.clientWidth + 1)
          cut.push(
            `${el.getAttribute('data-text-role')} "${el.textContent}" ${el.scrollWidth} > ${el.clientWidth}px`,
          );
      }
      // Times and figures lie wholly inside the card or tile that clips them.
      for (const el of document.querySelectorAll(
        '[data-text-role="agent time"], [data-text-role="tile value"], [data-text-role="agent name"]',
      )) {
        const box = el.getBoundingClientRect();
        const holder = el.closest('[data-testid="agent-card"], [data-testid^="tile-"]');
        const outer = holder?.getBoundingClientRect();
        if (!outer || !visible(el)) continue;
        if (box.right > outer.right + 0.5 || box.bottom > outer.bottom + 0.5 || box.left < outer.left - 0.5)
          cut.push(`${el.getAttribute('data-text-role')} "${el.textContent}" clipped by its box`);
      }
      return {
        minByRole,
        tooSmall,
        cut,
        horizontalScroll: document.documentElement.scrollWidth > window.innerWidth + 1,
      };
    },
    { textVmin: TEXT_MIN_VMIN, figureVmin: FIGURE_MIN_VMIN },
  );
}
