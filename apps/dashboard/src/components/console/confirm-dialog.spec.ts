import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import ConfirmDialog from './ConfirmDialog.vue';

/** A page with a button that opens the dialog, the way the console's panels use it. */
function page(how: 'v-if' | 'open-prop') {
  return defineComponent({
    setup() {
      const asking = ref(false);
      return () =>
        h('div', [
          h('button', { 'data-testid': 'opener', onClick: () => (asking.value = true) }, 'Kick'),
          h('button', { 'data-testid': 'behind' }, 'Something behind'),
          how === 'v-if' && !asking.value
            ? null
            : h(
                ConfirmDialog,
                {
                  open: asking.value,
                  title: 'Kick Ann Lee?',
                  message: 'Her call ends.',
                  confirmLabel: 'Kick',
                  onCancel: () => (asking.value = false),
                  onConfirm: () => (asking.value = false),
                },
                () => h('select', { 'data-testid': 'choice' }, [h('option', 'One')]),
              ),
        ]);
    },
  });
}

// Every component a test mounts is unmounted after it.
enableAutoUnmount(afterEach);

async function openFrom(how: 'v-if' | 'open-prop') {
  const wrapper = mount(page(how), { attachTo: document.body });
  const opener = wrapper.get<HTMLButtonElement>('[data-testid="opener"]');
  opener.element.focus();
  await opener.trigger('click');
  await flushPromises();
  await nextTick();
  return { wrapper, opener: opener.element };
}

const dialog = () => document.querySelector<HTMLElement>('[data-testid="confirm-dialog"]');
const tab = (shiftKey = false) =>
  document.activeElement?.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }),
  );

describe('ConfirmDialog focus', () => {
  for (const how of ['v-if', 'open-prop'] as const) {
    it(`moves focus into the dialog when it opens (${how}) and back to the opener when it closes`, async () => {
      const { opener } = await openFrom(how);
      expect(dialog()).not.toBeNull();
      expect(dialog()?.contains(document.activeElement)).toBe(true);
      expect(document.activeElement?.getAttribute('data-testid')).toBe('cancel');

      (document.activeElement as HTMLElement).click();
      await flushPromises();
      expect(dialog()).toBeNull();
      expect(document.activeElement).toBe(opener);
    });
  }

  it('keeps Tab and Shift+Tab inside while open', async () => {
    await openFrom('v-if');
    const stops = () => document.activeElement?.getAttribute('data-testid');
    expect(stops()).toBe('cancel');
    // (A synthetic Tab moves nothing by itself: only the wrapping at the ends is the dialog's doing.) The last control (Kick) wraps to the first (the slot's choice), and back the other way.
    document.querySelector<HTMLElement>('[data-testid="confirm"]')?.focus();
    tab();
    expect(stops()).toBe('choice');
    tab(true);
    expect(stops()).toBe('confirm');
  });

  it('brings focus back when it lands on the page behind', async () => {
    const { wrapper: page } = await openFrom('open-prop');
    page.get<HTMLButtonElement>('[data-testid="behind"]').element.focus();
    expect(dialog()?.contains(document.activeElement)).toBe(true);
  });

  it('leaves focus where an action of the dialog sent it', async () => {
    const { wrapper: page } = await openFrom('v-if');
    const elsewhere = page.get<HTMLButtonElement>('[data-testid="behind"]').element;
    // The confirmation's effect focuses another field (e.g. "My extension") once the dialog has gone.
    page.get('[data-testid="confirm"]').element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await nextTick();
    elsewhere.focus();
    await flushPromises();
    expect(document.activeElement).toBe(elsewhere);
  });
});
