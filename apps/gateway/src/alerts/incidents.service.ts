import { Inject, Injectable, Optional } from '@nestjs/common';
import type { IncidentView, IncidentsAnswer, SessionInfo } from '@switchboard/live-protocol';
import { ALERT_STORE, InMemoryAlertStore, type AlertStore, type IncidentAck } from '../ports/alert-store.js';
import { AuditService } from '../ports/audit.service.js';
import { AcknowledgeLinks } from './acknowledge-links.js';
import { AlertChannelsService } from './alert-channels.service.js';

/** Why an acknowledgement was not taken. */
export type AcknowledgeRefusal = 'not_found' | 'link_invalid';

/**
 * Incidents as people read and acknowledge them, on any replica: the leader's stored incidents with every
 * acknowledgement made anywhere laid over them (the store keeps the first one for each incident), so the
 * console of every gateway shows who acknowledged at once.
 */
@Injectable()
export class IncidentsService {
  private readonly store: AlertStore;

  constructor(
    private readonly audit: AuditService,
    private readonly links: AcknowledgeLinks,
    private readonly channels: AlertChannelsService,
    @Optional() @Inject(ALERT_STORE) store?: AlertStore,
  ) {
    this.store = store ?? new InMemoryAlertStore();
  }

  /** Open and recent incidents the reader may see: those of their queues, and those of the whole PBX. */
  async list(reader: Pick<SessionInfo, 'queues'>): Promise<IncidentsAnswer> {
    const [state, acks] = await Promise.all([this.store.readState(), this.store.acks()]);
    const visible = (incident: IncidentView) =>
      incident.queueId === null || reader.queues === 'all' || reader.queues.includes(incident.queueId);
    const shown = (list: IncidentView[] | undefined) =>
      (list ?? []).filter(visible).map((incident) => withAck(incident, acks.get(incident.id)));
    return { open: shown(state?.open), recent: shown(state?.recent) };
  }

  /** Acknowledges an incident the reader may see, for everyone; the first acknowledgement is kept. */
  async acknowledge(
    id: string,
    reader: Pick<SessionInfo, 'queues' | 'user'>,
    now = Date.now(),
  ): Promise<{ ok: true; incident: IncidentView } | { ok: false; refusal: AcknowledgeRefusal }> {
    const incident = await this.find(id, reader);
    if (!incident) return { ok: false, refusal: 'not_found' };
    return { ok: true, incident: await this.take(incident, reader.user, now) };
  }

  /** The incident an acknowledge link names, for the page that asks once more before acknowledging. */
  async byLink(
    token: string,
  ): Promise<{ ok: true; incident: IncidentView; channel: string } | { ok: false; reason: string }> {
    const link = this.links.read(token);
    if (!link.ok) return link;
    const channel = await this.channels.get(link.claims.channelId);
    const incident = await this.find(link.claims.incidentId, { queues: 'all' });
    // A deleted contact point's links die with it.
    if (!channel || !incident) return { ok: false, reason: 'the alert or its contact point is gone' };
    return { ok: true, incident, channel: channel.name };
  }

  /** Acknowledges through a link: recorded as the name given (if any) via the contact point. */
  async acknowledgeByLink(
    token: string,
    name: string | undefined,
    now = Date.now(),
  ): Promise<{ ok: true; incident: IncidentView } | { ok: false; reason: string }> {
    const found = await this.byLink(token);
    if (!found.ok) return found;
    const via = `link in “${found.channel}”`;
    return { ok: true, incident: await this.take(found.incident, name ? `${name} (${via})` : via, now) };
  }

  private async find(id: string, reader: Pick<SessionInfo, 'queues'>): Promise<IncidentView | undefined> {
    const { open, recent } = await this.list(reader);
    return [...open, ...recent].find((incident) => incident.id === id);
  }

  private async take(incident: IncidentView, by: string, now: number): Promise<IncidentView> {
    const held = await this.store.acknowledge(incident.id, { by, at: now });
    if (held.by === by && held.at === now)
      this.audit.record({
        user: by,
        action: 'incident:acknowledge',
        target: incident.id,
        result: 'ok',
        detail: `${incident.subject}: ${incident.summary}`,
        ...(incident.queueId !== null ? { queues: [incident.queueId] } : {}),
        facts: { subject: incident.subject },
      });
    return withAck(incident, held);
  }
}

function withAck(incident: IncidentView, ack: IncidentAck | undefined): IncidentView {
  if (incident.acknowledgedBy !== null || !ack) return incident;
  return { ...incident, acknowledgedBy: ack.by, acknowledgedAt: ack.at };
}
