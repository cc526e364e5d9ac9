import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStores } from '../../../test/support/setup.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.store.js';
import * as push from '../../push/web-push-subscription.js';
import PushToggle from './PushToggle.vue';

vi.mock('../../push/web-push-subscription.js', () => ({
  pushState: vi.fn(),
  enablePush: vi.fn(),
  disablePush: vi.fn(),
  resyncPush: vi.fn(),
}));

async function mountToggle(state: push.PushState) {
  vi.mocked(push.pushState).mockResolvedValue(state);
  const { pinia } = freshStores();
  const wrapper = mount(PushToggle, { global: { plugins: [pinia] } });
  await flushPromises();
  return wrapper;
}

describe('phone notifications switch', () => {
  beforeEach(() => {
    vi.mocked(push.resyncPush).mockResolvedValue({ ok: true });
    vi.mocked(push.disablePush).mockResolvedValue({ ok: true });
  });
  afterEach(() => {
    sessionStorage.clear();
    vi.clearAllMocks();
  });

  it('says in words when this browser cannot, or the person blocked it', async () => {
    const unsupported = await mountToggle('unsupported');
    expect(unsupported.get('legend').text()).toBe('Phone notifications');
    expect(unsupported.get('[data-testid="push-unavailable"]').text()).toBe('not available in this browser');
    expect(unsupported.find('input').exists()).toBe(false);
    const denied = await mountToggle('denied');
    expect(denied.get('[data-testid="push-unavailable"]').text()).toBe('blocked in the browser settings');
  });

  it('turns on from a click, and says why when the browser or gateway refuses', async () => {
    vi.mocked(push.enablePush).mockResolvedValueOnce({ ok: false, message: 'Notifications are blocked.' });
    const wrapper = await mountToggle('off');
    const box = wrapper.get<HTMLInputElement>('[data-testid="push-notifications"]');
    expect(box.element.checked).toBe(false);
    await box.setValue(true);
    await flushPromises();
    expect(push.enablePush).toHaveBeenCalledTimes(1);
    expect(wrapper.text()).toContain('Notifications are blocked.');
    vi.mocked(push.pushState).mockResolvedValue('on');
    vi.mocked(push.enablePush).mockResolvedValueOnce({ ok: true });
    await box.setValue(true);
    await flushPromises();
    expect(box.element.checked).toBe(true);
    await box.setValue(false);
    expect(push.disablePush).toHaveBeenCalledTimes(1);
  });

  it('sends the subscription again once per sign-in, with the session’s token', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token-a');
    await mountToggle('on');
    await mountToggle('on');
    expect(push.resyncPush).toHaveBeenCalledTimes(1);
    const fetchJson = vi.mocked(push.resyncPush).mock.calls[0]?.[0];
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ ok: true, data: {} })));
    vi.stubGlobal('fetch', fetchMock);
    await fetchJson?.('/api/push/subscriptions', { method: 'POST', body: {} });
    expect(new Headers((fetchMock.mock.calls[0]?.[1] as RequestInit).headers).get('Authorization')).toBe(
      'Bearer token-a',
    );
    vi.unstubAllGlobals();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token-b');
    await mountToggle('on');
    expect(push.resyncPush).toHaveBeenCalledTimes(2);
  });
});
