import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { heldCall } from '../../../test/support/fixtures.js';
import { freshStores } from '../../../test/support/setup.js';
import { outcomeText } from '../../lib/prompt-outcome.js';
import type { PromptView } from '../../stores/inbound.store.js';
import PromptCard from './PromptCard.vue';

function prompt(overrides: Partial<PromptView['call']> = {}, local: Partial<PromptView> = {}): PromptView {
  const call = heldCall('c1', overrides);
  return { call, status: call.status, deciding: null, error: null, outcome: outcomeText(call), ...local };
}

function card(p: PromptView, canControl = true, compact = false) {
  return mount(PromptCard, {
    props: {
      prompt: p,
      serverNow: p.call.receivedAt,
      windowMs: 10_000,
      canControl,
      shortcutTarget: true,
      compact,
    },
    // The block's confirmation and undo read the inbound and session stores.
    global: { plugins: [freshStores().pinia] },
  });
}

describe('PromptCard', () => {
  it('shows the caller, the DID, the caller context and a countdown', () => {
    const wrapper = card(
      prompt({ context: { contactName: 'Ada', company: 'ACME', callsToday: 2, lastOutcome: 'answered' } }),
    );
    const root = wrapper.get('[data-testid="prompt-card"]');
    expect(root.attributes('data-call-id')).toBe('c1');
    expect(root.attributes('data-status')).toBe('pending');
    for (const shown of ['Ada (ACME)', '+33612345678', '0800123456', 'Called 2 times today · last: answered'])
      expect(root.text()).toContain(shown);
    expect(wrapper.get('[data-testid="countdown"]').attributes('data-seconds')).toBe('10');
  });

  it('offers Accept, Refuse and Refuse-and-block to supervisors', async () => {
    const wrapper = card(prompt());
    await wrapper.get('[data-testid="accept"]').trigger('click');
    await wrapper.get('[data-testid="refuse"]').trigger('click');
    await wrapper.get('[data-testid="block"]').trigger('click');
    expect(wrapper.emitted('decide')).toEqual([['accept'], ['refuse'], ['refuse_and_block']]);
  });

  it('offers no buttons to someone who may only watch', () => {
    const wrapper = card(prompt(), false);
    expect(wrapper.findAll('button')).toHaveLength(0);
    expect(wrapper.text()).toContain('Waiting for a supervisor');
  });

  it('disables the buttons while deciding', () => {
    const wrapper = card(prompt({}, { status: 'deciding', deciding: 'accept' }));
    expect(wrapper.get('[data-testid="accept"]').attributes('disabled')).toBeDefined();
    expect(wrapper.text()).toContain('Deciding');
  });

  it('replaces the buttons and the countdown by the outcome', () => {
    const wrapper = card(prompt({ status: 'refused', blocked: true, decidedBy: 'sup2', decidedAt: 1 }));
    expect(wrapper.findAll('button')).toHaveLength(0);
    expect(wrapper.find('[data-testid="countdown"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="prompt-outcome"]').text()).toBe('Refused and blocked by sup2');
  });

  it('shows the error of a failed decision', () => {
    const wrapper = card(prompt({}, { error: 'Already accepted by sup3.' }));
    expect(wrapper.get('[data-testid="prompt-error"]').text()).toBe('Already accepted by sup3.');
  });

  it('a settled "just decided" line carries its full caller and outcome as text to hover', () => {
    const settled = prompt({
      status: 'accepted',
      decidedBy: 'sup2',
      decidedAt: 1,
      context: { contactName: 'Fatima Costa', company: 'Bluebird Travel', callsToday: 0, lastOutcome: null },
    });
    const wrapper = card(settled, true, true);
    expect(wrapper.get('.caller').attributes('title')).toBe('Fatima Costa (Bluebird Travel) +33612345678');
    expect(wrapper.get('[data-testid="prompt-outcome"]').attributes('title')).toBe('Accepted by sup2');
    // A live card shows everything in full: no tooltip needed.
    expect(card(prompt()).get('.caller').attributes('title')).toBeUndefined();
  });
});
