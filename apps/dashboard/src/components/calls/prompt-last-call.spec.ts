import type { CallerContext } from '@switchboard/live-protocol';
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { heldCall } from '../../../test/support/fixtures.js';
import { freshStores } from '../../../test/support/setup.js';
import { outcomeText } from '../../lib/prompt-outcome.js';
import PromptCard from '../console/PromptCard.vue';

const HOUR = 3_600_000;

function card(lastCall?: CallerContext) {
  const call = heldCall('c1', lastCall ? { context: lastCall } : {});
  return mount(PromptCard, {
    props: {
      prompt: { call, status: call.status, deciding: null, error: null, outcome: outcomeText(call) },
      serverNow: call.receivedAt,
      windowMs: 10_000,
      canControl: true,
      shortcutTarget: true,
    },
    global: { plugins: [freshStores().pinia] },
  });
}

describe("the held-call prompt's last call", () => {
  it('shows when, the outcome, the AI summary and the note remark, under the decision buttons', () => {
    const now = heldCall('c1').receivedAt;
    const wrapper = card({
      contactName: null,
      company: null,
      callsToday: 0,
      lastOutcome: null,
      lastCall: {
        at: now - 26 * HOUR,
        status: 'answered',
        summary: 'Asked about a late delivery; a new date was promised.',
        noteRemark: 'Delivery is late',
        callId: 'x1',
      },
    });
    const last = wrapper.get('[data-testid="prompt-last-call"]');
    expect(last.text()).toContain('Last call 26 h ago: answered');
    expect(last.text()).toContain(
      'Asked about a late delivery; a new date was promised. · Note: Delivery is late',
    );
    // Below the buttons: arriving late, it never moves them.
    const order = wrapper
      .findAll('[data-testid="accept"], [data-testid="prompt-last-call"]')
      .map((e) => e.attributes('data-testid'));
    expect(order).toEqual(['accept', 'prompt-last-call']);
  });

  it('is absent until the gateway sends it', () => {
    expect(card().find('[data-testid="prompt-last-call"]').exists()).toBe(false);
  });
});
