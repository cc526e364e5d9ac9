import type { KnownExtension, MonitorMode, MonitorView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { liveSocket } from '../socket/live-socket.js';
import { useConnectionStore } from './connection.store.js';
import { useSessionStore } from './session.store.js';

/**
 * The supervisor's own monitoring: which extension rings (the profile's, or an override for this session
 * that the gateway checked against the PBX), the monitor that runs now (the gateway tells every screen of
 * the supervisor, `monitor:state`, also when the call ends by itself), switching its mode and stopping it.
 */
export const useMonitorStore = defineStore('monitor', () => {
  const connection = useConnectionStore();
  const session = useSessionStore();
  const current = ref<MonitorView | null>(null);
  /** An extension for this session only, once the gateway found it on the PBX. */
  const override = ref<KnownExtension | null>(null);
  const overrideError = ref<string | null>(null);
  const checking = ref(false);
  const pending = ref(false);
  const error = ref<string | null>(null);
  /**
   * A listen asked for while no extension is set: the "My extension" field says it is needed and takes focus
   * (a new object on every ask, so a second click focuses it again). Not an error of the page.
   */
  const extensionAsk = ref<{ mode: MonitorMode } | null>(null);

  liveSocket().on('monitor:state', (state) => {
    current.value = state;
    if (state) error.value = null;
  });
  // A new link asks again: the gateway sends the state on every connection.
  liveSocket().on('disconnect', () => (current.value = null));

  /** The extension that rings: the override, else the profile's, else none. */
  const extension = computed(() => override.value?.number ?? session.info?.extension ?? '');
  const fromProfile = computed(() => !override.value && !!session.info?.extension);
  watch(
    extension,
    (value) => {
      if (value !== '') extensionAsk.value = null;
    },
    { flush: 'sync' },
  );

  /** Checks `value` on the PBX and uses it for this session; an empty value goes back to the profile's. */
  async function setOverride(value: string): Promise<boolean> {
    const wanted = value.trim();
    overrideError.value = null;
    if (wanted === '' || wanted === session.info?.extension) {
      override.value = null;
      return true;
    }
    checking.value = true;
    const answer = await connection.send('monitor:check', { extension: wanted });
    checking.value = false;
    if (!answer.ok) {
      overrideError.value =
        answer.error.code === 'not_found'
          ? `Extension ${wanted} does not exist on the PBX; type your own desk-phone extension.`
          : answer.error.message;
      return false;
    }
    override.value = answer.data;
    return true;
  }

  /** Rings the supervisor's extension into `agent`'s call; a running monitor is replaced. */
  async function listen(agent: string, mode: MonitorMode): Promise<boolean> {
    if (extension.value === '') {
      extensionAsk.value = { mode };
      return false;
    }
    extensionAsk.value = null;
    pending.value = true;
    const answer = await connection.send('call:listen', { agent, monitor: extension.value, mode });
    pending.value = false;
    error.value = answer.ok ? null : answer.error.message;
    if (answer.ok) current.value = answer.data.monitor;
    return answer.ok;
  }

  /** Switches the running monitor to another mode (the supervisor's phone rings again). */
  function switchMode(mode: MonitorMode): Promise<boolean> {
    const running = current.value;
    if (!running || running.mode === mode) return Promise.resolve(false);
    return listen(running.agent, mode);
  }

  /** Hangs up the running monitor. */
  async function stop(): Promise<boolean> {
    pending.value = true;
    const answer = await connection.send('call:monitor-stop', {});
    pending.value = false;
    error.value = answer.ok ? null : answer.error.message;
    // No monitor of ours runs (it ended meanwhile): the bar goes too.
    if (answer.ok || answer.error.code === 'not_found') current.value = null;
    return answer.ok;
  }

  return {
    current,
    extension,
    fromProfile,
    override,
    overrideError,
    checking,
    pending,
    error,
    extensionAsk,
    setOverride,
    listen,
    switchMode,
    stop,
  };
});
