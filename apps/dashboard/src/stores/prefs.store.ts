import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

const STORAGE_KEY = 'switchboard.console-prefs';

interface Prefs {
  sound: boolean;
  notifications: boolean;
  theme: 'dark' | 'light';
  /** A beep when a queue's alert rises (opt-in). */
  alertSound: boolean;
  /** A system notification when a queue's alert rises (opt-in, needs the browser's permission). */
  alertNotifications: boolean;
}

const DEFAULTS: Prefs = {
  sound: false,
  notifications: false,
  theme: 'dark',
  alertSound: false,
  alertNotifications: false,
};

function load(): Prefs {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    const value = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<Prefs>;
    return {
      sound: typeof value.sound === 'boolean' ? value.sound : DEFAULTS.sound,
      notifications: typeof value.notifications === 'boolean' ? value.notifications : DEFAULTS.notifications,
      theme: value.theme === 'light' ? 'light' : 'dark',
      alertSound: value.alertSound === true,
      alertNotifications: value.alertNotifications === true,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

/**
 * A console user's own settings on this device: alerts and theme. (The extension that rings to monitor
 * comes from the profile, or a checked override for the session: monitor.store.)
 */
export const usePrefsStore = defineStore('prefs', () => {
  const initial = load();
  const sound = ref(initial.sound);
  const notifications = ref(initial.notifications);
  const theme = ref<'dark' | 'light'>(initial.theme);
  const alertSound = ref(initial.alertSound);
  const alertNotifications = ref(initial.alertNotifications);

  watch([sound, notifications, theme, alertSound, alertNotifications], () => {
    try {
      const prefs: Prefs = {
        sound: sound.value,
        notifications: notifications.value,
        theme: theme.value,
        alertSound: alertSound.value,
        alertNotifications: alertNotifications.value,
      };
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(prefs));
    } catch {
      // Storage blocked: settings last for this page only.
    }
  });

  return { sound, notifications, theme, alertSound, alertNotifications };
});
