import { nextTick, onBeforeUnmount, watch, type Ref } from 'vue';

const FOCUSABLE = [
  'button',
  'a[href]',
  'input',
  'select',
  'textarea',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements of `container` that Tab reaches, in order: enabled, not hidden. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      !(element as HTMLButtonElement).disabled &&
      element.getAttribute('tabindex') !== '-1' &&
      !element.closest('[hidden], [inert]'),
  );
}

/**
 * A modal's focus: while `open`, focus moves into `container` (to `first()`, else its first control), Tab and
 * Shift+Tab cycle inside it, and focus that lands outside (a click on the page behind) is brought back. When it
 * closes (or its component goes while open) focus returns to the element that had it before, unless something
 * else took it meanwhile. WAI-ARIA's dialog pattern asks for all three.
 */
export function useFocusTrap(
  container: Ref<HTMLElement | null>,
  open: () => boolean,
  first: () => HTMLElement | null | undefined,
): { onKeydown: (event: KeyboardEvent) => void } {
  let opener: HTMLElement | null = null;
  let active = false;

  const inside = (node: EventTarget | null) =>
    node instanceof Node && container.value !== null && container.value.contains(node);

  function enter(): void {
    const target = first() ?? (container.value ? tabbables(container.value)[0] : undefined);
    target?.focus();
  }

  function onFocusIn(event: FocusEvent): void {
    if (active && container.value && !inside(event.target)) enter();
  }

  function release(): void {
    if (!active) return;
    active = false;
    document.removeEventListener('focusin', onFocusIn);
    const current = document.activeElement;
    // Give focus back only while it is still ours (or lost): an action of the dialog may have sent it on.
    const ours = current === null || current === document.body || inside(current);
    if (ours && opener?.isConnected) opener.focus();
    opener = null;
  }

  watch(
    open,
    async (isOpen) => {
      if (!isOpen) return release();
      if (active) return;
      active = true;
      opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      document.addEventListener('focusin', onFocusIn);
      await nextTick();
      if (active) enter();
    },
    { immediate: true },
  );
  onBeforeUnmount(release);

  function onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Tab' || !container.value) return;
    const stops = tabbables(container.value);
    const head = stops[0];
    const tail = stops[stops.length - 1];
    if (!head || !tail) return event.preventDefault();
    const at = document.activeElement;
    if (event.shiftKey && (at === head || !inside(at))) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && (at === tail || !inside(at))) {
      event.preventDefault();
      head.focus();
    }
  }

  return { onKeydown };
}
