import { onBeforeUnmount, onMounted } from 'vue';
import type { Decision } from '../stores/inbound.store.js';

/** Keys of the decision shortcuts, documented on screen next to the prompts. */
export const DECISION_KEYS: Readonly<Record<string, Decision>> = {
  a: 'accept',
  r: 'refuse',
  b: 'refuse_and_block',
};

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A modal dialog is open (a confirmation): its own buttons answer, not the decision keys behind it. */
function dialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * A / R / B decide a held call (B only asks: the inbound store confirms a refuse-and-block first). Ignored
 * while typing in a field, while a dialog is open, with modifier keys (browser shortcuts stay intact) and on
 * key repeat (holding a key must not decide twice).
 */
export function useDecisionShortcuts(onDecision: (decision: Decision, event: KeyboardEvent) => void): void {
  const listener = (event: KeyboardEvent) => {
    if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return;
    if (dialogOpen()) return;
    const decision = DECISION_KEYS[event.key.toLowerCase()];
    if (!decision) return;
    onDecision(decision, event);
  };
  onMounted(() => document.addEventListener('keydown', listener));
  onBeforeUnmount(() => document.removeEventListener('keydown', listener));
}
