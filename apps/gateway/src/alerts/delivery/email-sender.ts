import type { AlertMessage } from '@switchboard/live-protocol';
import nodemailer, { type NodemailerError, type SMTPTransportOptions, type Transporter } from 'nodemailer';
import { emailContent } from './message-formats.js';
import { DeliveryFailure, codeOf, type AlertSender } from './sender.js';

/** The gateway's mail server settings (one for every email contact point). */
export interface SmtpSettings {
  /** `smtp://user:pass@host:port` (STARTTLS) or `smtps://user:pass@host:port` (TLS from the start). */
  url: string;
  /** The From of every alert, e.g. `"Switchboard" <alerts@example.com>`. */
  from: string;
  /** Refuse to send unless the connection is encrypted (STARTTLS required on smtp://). */
  requireTls: boolean;
  /** PEM of the certificate authority to trust for the mail server (a company CA), instead of the public ones. */
  caPem?: string;
}

/** One mail to send. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `X-Switchboard-Event`. */
  headers?: Record<string, string>;
}

/** How long the mail server may take to accept the connection, greet, or answer any one command. */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * Reads an SMTP URL into connection options. Throws an Error naming what is wrong (never the password), for
 * the configuration check to show.
 */
export function smtpConnectionOptions(settings: SmtpSettings): SMTPTransportOptions {
  let url: URL;
  try {
    url = new URL(settings.url);
  } catch {
    throw new Error('the SMTP URL is not a valid URL (smtp://user:password@host:port or smtps://...)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('the SMTP URL must start with smtp:// (STARTTLS) or smtps:// (TLS)');
  if (url.hostname === '') throw new Error('the SMTP URL has no host');
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    requireTLS: settings.requireTls,
    ...(user !== '' ? { auth: { user, pass } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
    tls: { minVersion: 'TLSv1.2', ...(settings.caPem ? { ca: settings.caPem } : {}) },
    // Alerts carry no attachments: nothing may make the transport read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * Sends mails through the configured server: one connection per mail (no pool), so nothing stays open between
 * alerts and nothing holds the process. Failures become {@link DeliveryFailure}s with the SMTP reply code.
 */
export class SmtpMailer {
  private readonly transport: Transporter;
  private readonly password: string;

  constructor(private readonly settings: SmtpSettings) {
    const options = smtpConnectionOptions(settings);
    this.password = options.auth?.pass ?? '';
    this.transport = nodemailer.createTransport(options);
  }

  /** Sends one mail; resolves with the server's reply code (250) when it accepted it. */
  async send(mail: OutgoingMail, signal?: AbortSignal): Promise<{ status: number | null }> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // RFC 3834: out-of-office robots must not answer an alert.
        headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
        ...(signal ? { signal } : {}),
      });
      return { status: replyCode(info) };
    } catch (error) {
      throw smtpFailure(error, this.password);
    }
  }
}

/** An email contact point: the message as a mail to its address. */
export class EmailSender implements AlertSender {
  constructor(
    private readonly mailer: Pick<SmtpMailer, 'send'>,
    private readonly address: string,
  ) {}

  send(message: AlertMessage, signal: AbortSignal): Promise<{ status: number | null }> {
    const content = emailContent(message);
    return this.mailer.send(
      { to: this.address, ...content, headers: { 'X-Switchboard-Event': message.type } },
      signal,
    );
  }
}

function replyCode(info: unknown): number | null {
  const response = typeof info === 'object' && info !== null && 'response' in info ? info.response : null;
  const match = typeof response === 'string' ? /^(\d{3})/.exec(response) : null;
  return match ? Number(match[1]) : null;
}

const SMTP_WORDS: Record<string, string> = {
  EAUTH: 'the mail server refused the user name or password',
  ENOAUTH: 'the mail server asks for a login and none is set',
  ETLS: 'the mail server could not set up encryption (STARTTLS)',
  ETIMEDOUT: 'the mail server did not answer in time',
  EDNS: 'the name of the mail server could not be resolved',
  ECONNECTION: 'the mail server closed the connection',
  ESOCKET: 'could not talk to the mail server',
  EENVELOPE: 'the mail server refused the sender or the recipient',
  EMESSAGE: 'the mail server refused the message',
  EABORT: 'the attempt was cancelled',
};

/**
 * Words for a nodemailer error: what failed, the reply code, and the first line of the server's reply with the
 * password taken out (a server could quote what it was sent). Nodemailer's `permanent` (a 5xx reply, RFC 5321)
 * says whether trying again could help.
 */
function smtpFailure(error: unknown, password: string): DeliveryFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as NodemailerError;
  const code = codeOf(e);
  const reply = typeof e.responseCode === 'number' ? e.responseCode : null;
  const cause = codeOf({ code: e.originalCode });
  const words =
    cause && /CERT|SELF_SIGNED|UNABLE_TO|TLS/.test(cause)
      ? "the mail server's TLS certificate was not accepted"
      : ((code && SMTP_WORDS[code]) ?? 'the mail could not be sent');
  let detail = reply !== null ? String(reply) : (cause ?? code);
  if (reply !== null && typeof e.response === 'string') {
    const line = redact(e.response.split(/\r?\n/)[0] ?? '', password).slice(0, 200);
    detail = line.startsWith(String(reply)) ? line : `${reply} ${line}`;
  }
  return new DeliveryFailure(detail ? `${words} (${detail})` : words, reply, e.permanent === true);
}

function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('***');
}
