import type { AddressInfo } from 'node:net';
import type { AlertMessage } from '@switchboard/live-protocol';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSender, SmtpMailer, smtpConnectionOptions, type SmtpSettings } from './email-sender.js';
import { DeliveryFailure } from './sender.js';
import { TEST_TLS_CERT as TEST_CERT, TEST_TLS_KEY as TEST_KEY } from '../../../test/support/test-tls.js';

const USER = 'alerts@example.com';
const PASSWORD = 'Sw1tch:b0ard/p@ss';

interface Mailbox {
  port: number;
  mails: Array<{ from: string; to: string[]; raw: string; secure: boolean }>;
  logins: string[];
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function startMailServer(options: Partial<SMTPServerOptions> = {}): Promise<Mailbox> {
  const mailbox: Mailbox = { port: 0, mails: [], logins: [] };
  const server = new SMTPServer({
    key: TEST_KEY,
    cert: TEST_CERT,
    authOptional: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      mailbox.logins.push(auth.username ?? '');
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        mailbox.mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
          secure: session.secure,
        });
        callback();
      });
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mailbox.port = (server.server.address() as AddressInfo).port;
  return mailbox;
}

function settings(port: number, patch: Partial<SmtpSettings> = {}, password = PASSWORD): SmtpSettings {
  return {
    url: `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    from: '"Switchboard" <alerts@example.com>',
    requireTls: true,
    caPem: TEST_CERT,
    ...patch,
  };
}

const MESSAGE: AlertMessage = {
  type: 'incident.opened',
  sentAt: 1_767_600_720_000,
  channel: { id: 'ch-1', name: 'Floor managers' },
  incident: {
    id: 'inc-1',
    key: 'queue:600',
    kind: 'queue',
    level: 'critical',
    queueId: 600,
    subject: 'Sales (600)',
    summary: '12 callers waiting',
    openedAt: 1_767_600_000_000,
    resolvedAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
  },
  acknowledgeUrl: 'https://switchboard.example.com/ack/abc',
};

const never = new AbortController().signal;

async function failureOf(promise: Promise<unknown>): Promise<DeliveryFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryFailure);
  return error as DeliveryFailure;
}

describe('email delivery through a local SMTP server', () => {
  it('sends an incident mail over STARTTLS after logging in', async () => {
    const mailbox = await startMailServer();
    const sender = new EmailSender(new SmtpMailer(settings(mailbox.port)), 'supervisor@example.com');
    const result = await sender.send(MESSAGE, never);
    expect(result.status).toBe(250);
    expect(mailbox.logins).toEqual([USER]);
    expect(mailbox.mails).toHaveLength(1);
    const [mail] = mailbox.mails;
    expect(mail?.secure).toBe(true);
    expect(mail?.from).toBe('alerts@example.com');
    expect(mail?.to).toEqual(['supervisor@example.com']);
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^To: supervisor@example\.com\r?$/m);
    expect(raw).toMatch(/^Subject: \[Critical\] Sales \(600\): 12 callers waiting\r?$/m);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(raw).toMatch(/^X-Switchboard-Event: incident\.opened\r?$/m);
    expect(raw).toContain('Open for: 12 min');
    expect(raw).toContain('text/html');
  });

  it('reports a wrong password with the reply code and without the password', async () => {
    const mailbox = await startMailServer();
    const wrong = 'n0t-the-right:one';
    const mailer = new SmtpMailer(settings(mailbox.port, {}, wrong));
    const failure = await failureOf(new EmailSender(mailer, 'supervisor@example.com').send(MESSAGE, never));
    expect(failure.status).toBe(535);
    expect(failure.message).toContain('refused the user name or password');
    expect(failure.message).not.toContain(wrong);
    expect(failure.message).not.toContain(encodeURIComponent(wrong));
    expect(failure.message).not.toContain(Buffer.from(`\0${USER}\0${wrong}`).toString('base64'));
    expect(mailbox.mails).toHaveLength(0);
  });

  it('refuses to log in or send when the server offers no STARTTLS and TLS is required', async () => {
    const mailbox = await startMailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const mailer = new SmtpMailer(settings(mailbox.port));
    const failure = await failureOf(mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' }));
    expect(failure.message).toContain('could not set up encryption (STARTTLS)');
    expect(failure.message).not.toContain(PASSWORD);
    expect(mailbox.logins).toEqual([]);
    expect(mailbox.mails).toHaveLength(0);
  });

  it('does not trust a certificate it was not given', async () => {
    const mailbox = await startMailServer();
    const { caPem: _unused, ...untrusting } = settings(mailbox.port);
    const failure = await failureOf(
      new SmtpMailer(untrusting).send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' }),
    );
    expect(failure.permanent).toBe(false);
    expect(failure.message).toBe(
      "the mail server's TLS certificate was not accepted (DEPTH_ZERO_SELF_SIGNED_CERT)",
    );
    expect(mailbox.logins).toEqual([]);
    expect(mailbox.mails).toHaveLength(0);
  });

  it('reads the SMTP URL and names what is wrong with it without the password', () => {
    expect(smtpConnectionOptions(settings(2525))).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      requireTLS: true,
      auth: { user: USER, pass: PASSWORD },
      tls: { ca: TEST_CERT },
    });
    expect(smtpConnectionOptions({ ...settings(0), url: 'smtps://mail.example.com' })).toMatchObject({
      port: 465,
      secure: true,
    });
    expect(() =>
      smtpConnectionOptions({ ...settings(0), url: `https://u:${encodeURIComponent(PASSWORD)}@x` }),
    ).toThrow(/must start with smtp:\/\//);
    expect(() => smtpConnectionOptions({ ...settings(0), url: `smtp://u:${PASSWORD}@` })).toThrow(
      /not a valid URL/,
    );
    expect(() => smtpConnectionOptions({ ...settings(0), url: `smtp://u:${PASSWORD}@` })).not.toThrow(
      PASSWORD,
    );
  });
});
