/** Whether this browser can show system notifications at all. */
export function notificationsSupported(): boolean {
  return typeof globalThis.Notification === 'function';
}

/** The current permission, or 'unsupported'. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/** Asks for permission; browsers require this to run from a user's click. */
export async function requestNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** Shows a notification when allowed; clicking it brings the console to the front. */
export function showNotification(title: string, body: string, tag: string): void {
  if (notificationPermission() !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag, requireInteraction: false });
    notification.onclick = () => {
      globalThis.focus();
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker; the prompt still shows.
  }
}
