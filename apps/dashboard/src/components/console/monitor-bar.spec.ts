import { fail, ok, type MonitorView } from '@switchboard/live-protocol';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { flush, sessionInfo } from '../../../test/support/fake-socket.js';
import { monitorView } from '../../../test/support/fixtures.js';
import { freshStores } from '../../../test/support/setup.js';
import { useConnectionStore } from '../../stores/connection.store.js';
import { useMonitorStore } from '../../stores/monitor.store.js';
import MonitorBar from './MonitorBar.vue';
import MonitorExtensionField from './MonitorExtensionField.vue';

let wrappers: VueWrapper[] = [];

const view = (mode: MonitorView['mode']): MonitorView => monitorView(mode, { since: Date.now() - 65_000 });

async function setup(extension?: string, attach = false) {
  const { socket, pinia } = freshStores();
  useConnectionStore().start('t');
  socket.open(sessionInfo(extension ? { extension } : {}));
  await flush();
  const bar = mount(MonitorBar, { global: { plugins: [pinia] } });
  const field = mount(MonitorExtensionField, {
    global: { plugins: [pinia] },
    ...(attach ? { attachTo: document.body } : {}),
  });
  wrappers = [bar, field];
  return { socket, bar, field };
}

describe('MonitorBar', () => {
  afterEach(() => {
    for (const wrapper of wrappers) wrapper.unmount();
    wrappers = [];
  });

  it('shows whom and how while a monitor runs, switches mode and stops', async () => {
    const { socket, bar } = await setup('2001');
    expect(bar.find('[data-testid="monitor-bar"]').exists()).toBe(false);
    socket.fire('monitor:state', view('listen'));
    await flushPromises();
    expect(bar.get('[data-testid="monitor-bar"]').text()).toContain('Listening to Bo Ek (1006)');
    expect(bar.get('[data-testid="monitor-bar"]').text()).toContain('from your extension 2001');
    expect(bar.get('[data-testid="monitor-mode-listen"]').attributes('aria-pressed')).toBe('true');
    socket.handle('call:listen', ({ mode }) => ok({ callId: '1.1', monitor: view(mode) }));
    await bar.get('[data-testid="monitor-mode-whisper"]').trigger('click');
    await flushPromises();
    expect(socket.sentOf('call:listen')).toEqual([{ agent: '1006', monitor: '2001', mode: 'whisper' }]);
    expect(bar.get('[data-testid="monitor-bar"]').text()).toContain('Whispering to Bo Ek');
    socket.handle('call:monitor-stop', () => ok({ stopped: true, monitor: view('whisper') }));
    await bar.get('[data-testid="monitor-stop"]').trigger('click');
    await flushPromises();
    expect(bar.find('[data-testid="monitor-bar"]').exists()).toBe(false);
  });

  it('says why the PBX refused a listen, until dismissed', async () => {
    const { socket, bar } = await setup('2001');
    socket.handle('call:listen', () => fail('pbx_error', 'The PBX would not connect your extension 2001.'));
    await useMonitorStore().listen('1006', 'listen');
    await flushPromises();
    expect(bar.get('[data-testid="monitor-error"]').text()).toContain('The PBX would not connect');
    await bar.get('[data-testid="monitor-error"] button').trigger('click');
    expect(bar.find('[data-testid="monitor-error"]').exists()).toBe(false);
  });

  it('a listen without an extension asks for one at the field, focused, with no banner', async () => {
    const { bar, field } = await setup(undefined, true);
    const input = field.get<HTMLInputElement>('[data-testid="monitor-extension"]');
    expect(field.get('[data-testid="monitor-extension-hint"]').text()).toBe(
      'rings when you listen · none set',
    );
    expect(field.find('[data-testid="monitor-extension-needed"]').exists()).toBe(false);

    await useMonitorStore().listen('1006', 'whisper');
    await flushPromises();
    expect(bar.find('[data-testid="monitor-error"]').exists()).toBe(false);
    const needed = field.get('[data-testid="monitor-extension-needed"]');
    expect(needed.text()).toMatch(/^To whisper, type your desk phone’s extension here/);
    expect(needed.attributes('role')).toBe('alert');
    expect(input.attributes('aria-describedby')).toContain('monitor-extension-ask');
    expect(document.activeElement).toBe(input.element);
  });

  it('the extension field shows the profile’s and checks another before using it', async () => {
    const { socket, field } = await setup('2001');
    const input = field.get<HTMLInputElement>('[data-testid="monitor-extension"]');
    expect(input.element.value).toBe('2001');
    expect(input.attributes('placeholder')).toBeUndefined();
    expect(field.get('[data-testid="monitor-extension-hint"]').text()).toBe(
      'rings when you listen · from your profile',
    );
    socket.handle('monitor:check', () => ({ ok: false, error: { code: 'not_found', message: 'no' } }));
    await input.setValue('2999');
    await input.trigger('change');
    await flushPromises();
    expect(field.get('[data-testid="monitor-extension-error"]').text()).toBe(
      'Extension 2999 does not exist on the PBX; type your own desk-phone extension.',
    );
    expect(useMonitorStore().extension).toBe('2001');
  });
});
