import type { AlertMessage } from '@switchboard/live-protocol';

/**
 * One failed attempt at delivering a message. Its message is shown to administrators in the delivery log,
 * so it holds words only: a status, "no answer within 10 s", the host at most; never a URL's path or query,
 * a token, a password or a signing secret.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    /** The receiver's HTTP status or SMTP reply code; null when none came. */
    readonly status: number | null,
    /** True when trying again cannot help (the target is refused, the mail server rejected the message for good). */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/** Delivers a message to one contact point; the queue calls it once per attempt. */
export interface AlertSender {
  /**
   * Sends the message once. Resolves when the receiver accepted it; rejects with a {@link DeliveryFailure}
   * otherwise. `signal` fires when the attempt has taken too long or the gateway is closing: stop then.
   */
  send(message: AlertMessage, signal: AbortSignal): Promise<{ status: number | null }>;
}

/**
 * The {@link DeliveryFailure} for anything thrown by a sender. A foreign error's text is not trusted to be free
 * of secrets (a library may quote a URL), so only its class of failure is kept.
 */
export function asDeliveryFailure(error: unknown): DeliveryFailure {
  if (error instanceof DeliveryFailure) return error;
  const code = codeOf(error);
  return new DeliveryFailure(code ? `the delivery failed (${code})` : 'the delivery failed', null, false);
}

/** The `code` of a Node or library error (`ECONNREFUSED`, `EAUTH`...) when it looks like one. */
export function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = error.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : null;
}
