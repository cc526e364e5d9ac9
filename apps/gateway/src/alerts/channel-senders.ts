import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import type { StoredAlertChannel } from '../ports/alert-store.js';
import { parseAllowedTargets, TargetPolicy, type TargetCheck } from './delivery/alert-targets.js';
import { EmailSender, SmtpMailer } from './delivery/email-sender.js';
import { DeliveryFailure, type AlertSender } from './delivery/sender.js';
import { slackSender, teamsSender, webhookSender, type HttpSenderDeps } from './delivery/webhook-sender.js';
import { PushFanout } from './push-fanout.js';

/**
 * The sender of each kind of contact point, built from its stored form: the outgoing-address policy of
 * ALERT_TARGETS_ALLOWED for every URL, the one SMTP relay for email, and the web push fan-out.
 */
@Injectable()
export class ChannelSenders {
  readonly policy: TargetPolicy;
  private readonly mailer: SmtpMailer | null;
  private readonly http: HttpSenderDeps;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly push: PushFanout,
  ) {
    const allowed = parseAllowedTargets(config.alerts.targetsAllowed.join(','));
    // The configuration check already refused a bad entry; this only happens with a hand-built config.
    if (!allowed.ok) throw new Error(`ALERT_TARGETS_ALLOWED: ${allowed.problem}`);
    this.policy = new TargetPolicy(allowed.targets);
    const smtp = config.alerts.smtp;
    this.mailer = smtp
      ? new SmtpMailer({
          url: smtp.url,
          from: smtp.from,
          requireTls: smtp.requireTls,
          ...(smtp.ca ? { caPem: smtp.ca } : {}),
        })
      : null;
    this.http = { policy: this.policy };
  }

  get mailConfigured(): boolean {
    return this.mailer !== null;
  }

  checkTarget(url: string): Promise<TargetCheck> {
    return this.policy.check(url);
  }

  /** A sender of one fixed mail to `address` (the morning summary), whatever message it is handed. */
  mailTo(address: string, mail: { subject: string; text: string; html: string }): AlertSender {
    const mailer = this.mailer;
    if (!mailer) return unavailable('no mail server is set (ALERT_SMTP_URL)');
    return {
      send: (message, signal) =>
        mailer.send({ to: address, ...mail, headers: { 'X-Switchboard-Event': message.type } }, signal),
    };
  }

  senderFor(channel: StoredAlertChannel): AlertSender {
    switch (channel.kind) {
      case 'webhook':
        return webhookSender(
          { url: channel.url ?? '', signingSecret: channel.signingSecret ?? '' },
          this.http,
        );
      case 'slack':
        return slackSender({ url: channel.url ?? '' }, this.http);
      case 'teams':
        return teamsSender({ url: channel.url ?? '' }, this.http);
      case 'email':
        return this.mailer
          ? new EmailSender(this.mailer, channel.address ?? '')
          : unavailable('no mail server is set (ALERT_SMTP_URL)');
      case 'webpush':
        return this.push.senderFor(channel);
      default: {
        const unknown: never = channel.kind;
        return unavailable(`unknown kind ${String(unknown)}`);
      }
    }
  }
}

/** A sender that refuses every message for good: what cannot be delivered is logged, not retried. */
function unavailable(reason: string): AlertSender {
  return { send: () => Promise.reject(new DeliveryFailure(reason, null, true)) };
}
