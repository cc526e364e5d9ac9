import type { AgentState } from '@switchboard/live-protocol';
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import StateIcon from './StateIcon.vue';

const STATES: AgentState[] = ['available', 'ringing', 'on_call', 'on_hold', 'paused', 'logged_out'];

/** The icon's drawn elements as `tag attr=value …`. */
function drawing(state: AgentState): string[] {
  const svg = mount(StateIcon, { props: { state } }).get('svg');
  return [...svg.element.children].map((element) => {
    const attrs = [...element.attributes]
      .filter((attr) => !attr.name.startsWith('data-v-'))
      .map((attr) => `${attr.name}=${attr.value}`)
      .sort();
    return `${element.tagName} ${attrs.join(' ')}`;
  });
}

describe('StateIcon', () => {
  it('draws each state in its own shape, in the state colour, as one element', () => {
    expect(
      mount(StateIcon, { props: { state: 'paused' } })
        .get('svg')
        .attributes('style'),
    ).toBe('color: var(--state-paused);');
    // The same geometry as the circle, triangle, rounded square, diamond, two bars and slashed ring drawn
    // as separate elements before (pixel-compared at 16, 24 and 256 px: edge antialiasing only).
    expect(STATES.map(drawing)).toEqual([
      ['path d=M1.5 8a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0 -13 0Z fill=currentColor'],
      ['path d=M8 1.5L15 14.5L1 14.5Z fill=currentColor'],
      [
        'path d=M3.5 2h9a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1 -1.5 1.5h-9a1.5 1.5 0 0 1 -1.5 -1.5v-9a1.5 1.5 0 0 1 1.5 -1.5Z fill=currentColor',
      ],
      ['path d=M8 0.8L15.2 8L8 15.2L0.8 8Z fill=currentColor'],
      [
        'path d=M3.5 2h2a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-2a1 1 0 0 1 -1 -1v-10a1 1 0 0 1 1 -1Z' +
          'M10.5 2h2a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-2a1 1 0 0 1 -1 -1v-10a1 1 0 0 1 1 -1Z fill=currentColor',
      ],
      [
        'path d=M2 8a6 6 0 1 0 12 0a6 6 0 1 0 -12 0ZM3.8 12.2L12.2 3.8 fill=none stroke-width=2 stroke=currentColor',
      ],
    ]);
  });

  it('keeps nothing of the shapes it showed before (a TV card cycles through every state for hours)', async () => {
    const wrapper = mount(StateIcon, { props: { state: 'available' } });
    for (let round = 0; round < 3; round++) for (const state of STATES) await wrapper.setProps({ state });
    await wrapper.setProps({ state: 'on_call' });
    expect(wrapper.get('svg').attributes('style')).toBe('color: var(--state-on_call);');
    expect(wrapper.get('svg').element.children).toHaveLength(1);
    // Vue's per-instance cache of static template parts (internal): an entry per branch ever rendered,
    // never freed while the card lives; 543 cards held 100 KB more after 10 minutes than after 1.
    const internal = wrapper.vm.$ as unknown as { renderCache: unknown[] };
    expect(internal.renderCache.filter(Boolean)).toEqual([]);
  });
});
