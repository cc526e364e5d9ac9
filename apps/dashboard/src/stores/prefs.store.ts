import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

const STORAGE_KEY = 'switchboard.console-prefs';

interface Prefs {
  sound: boolean;
  notifications: boolean;
  /** The supervisor's own extension, which rings for listen / whisper / barge. */
  monitorExtension: string;
  theme: 'dark' | 'light';
}

const DEFAULTS: Prefs = { sound: false, notifications: false, monitorExtension: '', theme: 'dark' };

function load(): Prefs {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    const value = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<Prefs>;
    return {
      sound: typeof value.sound === 'boolean' ? value.sound : DEFAULTS.sound,
      notifications: typeof value.notifications === 'boolean' ? value.notifications : DEFAULTS.notifications,
      monitorExtension: typeof value.monitorExtension === 'string' ? value.monitorExtension : '',
      theme: value.theme === 'light' ? 'light' : 'dark',
    };
  } catch {
    return { ...DEFAULTS };
  }
}

/** A console user's own settings on this device: alerts, own extension, theme. */
export const usePrefsStore = defineStore('prefs', () => {
  const initial = load();
  const sound = ref(initial.sound);
  const notifications = ref(initial.notifications);
  const monitorExtension = ref(initial.monitorExtension);
  const theme = ref<'dark' | 'light'>(initial.theme);

  watch([sound, notifications, monitorExtension, theme], () => {
    try {
      const prefs: Prefs = {
        sound: sound.value,
        notifications: notifications.value,
        monitorExtension: monitorExtension.value,
        theme: theme.value,
      };
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(prefs));
    } catch {
      // Storage blocked: settings last for this page only.
    }
  });

  return { sound, notifications, monitorExtension, theme };
});
