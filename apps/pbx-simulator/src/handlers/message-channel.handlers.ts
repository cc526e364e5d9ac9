/**
 * message_channel/list, search, get and getlivechat (docs/pbx/configuration.md#message-channels): five
 * channels in three states, a failure reason where the connection failed, provider credentials in
 * `account_data` (secrets, as a PBX answers them), and routing rules to extensions and a message queue. Counters for
 * each time range are sums of seeded daily counts, so `today` <= `last_7_days` <= `last_30_days` <= `all`
 * always holds.
 */
import type { HandlerTable } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';
import { pageOf, pageParams } from '../support/paging.js';
import { notFoundDetail } from '../sim-errors.js';
import { ROUTED_MESSAGE_QUEUE, type MessageQueueRow } from './message-queue.handlers.js';
import type { ResourceContext, SimResource } from './sim-resource.js';

/** A seeded message channel. */
export interface ChannelSeed {
  id: number;
  name: string;
  channel: string;
  type: string;
  number: string[];
  status: string;
  reason: string;
}

/** The channels of every scenario. */
export const CHANNELS: readonly ChannelSeed[] = [
  {
    id: 1,
    name: 'Support SMS',
    channel: 'general',
    type: 'sms',
    number: ['5551000'],
    status: 'status_connect_succ',
    reason: '',
  },
  {
    id: 2,
    name: 'Trunk SMS',
    channel: 'siptrunk',
    type: 'sms',
    number: ['5551001', '5551002'],
    status: 'status_connect_succ',
    reason: '',
  },
  {
    id: 3,
    name: 'Website chat',
    channel: 'livechat',
    type: 'livechat',
    number: [],
    status: 'status_connect_succ',
    reason: '',
  },
  {
    id: 4,
    name: 'WhatsApp Business',
    channel: 'whatsapp',
    type: 'whatsapp',
    number: ['5551003'],
    status: 'status_connect_fail',
    reason: 'reason_unauthorized',
  },
  {
    id: 5,
    name: 'Facebook page',
    channel: 'facebook',
    type: 'facebook',
    number: ['5551004'],
    status: 'status_sub_invalid',
    reason: '',
  },
];

const DAY = 86_400;
const HISTORY_DAYS = 365;

interface Counters {
  sent: number;
  delivered: number;
  failed: number;
  received: number;
}

/** Message channels. */
export class MessageChannelResource implements SimResource {
  readonly handlers: HandlerTable = {
    'message_channel/list': ({ params }) => this.page(params),
    'message_channel/search': ({ params }) => this.page(params),
    'message_channel/get': ({ params }) => {
      const channel = this.channel(params['id']);
      if (channel.type === 'livechat')
        throw notFoundDetail(
          `channel ${channel.id} is a live chat channel; live chat channels are read with message_channel/getlivechat`,
        );
      return { data: this.detail(channel) };
    },
    'message_channel/getlivechat': ({ params }) => {
      const channel = this.channel(params['id']);
      if (channel.type !== 'livechat')
        throw notFoundDetail(
          `channel ${channel.id} is not a live chat channel; read it with message_channel/get`,
        );
      return {
        data: {
          id: channel.id,
          name: channel.name,
          type: 'livechat',
          channel: 'livechat',
          channel_number: String(channel.id).padStart(4, '0'),
          website_domain: 'www.example.com',
          communication_method: 2,
          destination_type: 'queue',
        },
      };
    },
  };

  constructor(
    private readonly context: ResourceContext,
    /** The message queue with this id, as it is now (routing rules name it). */
    private readonly messageQueue: (id: number) => MessageQueueRow | undefined,
  ) {}

  reset(): void {
    // Channels are seeded configuration; their counters derive from the seed and the clock.
  }

  /** A page of channels with counters for `time_range`, matching `search_value` in name, provider or number. */
  private page(params: Record<string, unknown>): Record<string, unknown> {
    const { page, pageSize } = pageParams(params, { pageSize: 10, maxPageSize: 1_000 });
    const range = String(params['time_range']);
    const keyword = String(params['search_value'] ?? '')
      .trim()
      .toLowerCase();
    const matches = (c: ChannelSeed) =>
      keyword === '' || [c.name, c.channel, ...c.number].some((text) => text.toLowerCase().includes(keyword));
    const result = pageOf(CHANNELS, matches, page, pageSize);
    return {
      total_number: result.total,
      list: result.items.map((c) => ({
        id: c.id,
        status: c.status,
        reason: c.reason,
        name: c.name,
        channel: c.channel,
        type: c.type,
        number: [...c.number],
        ...this.counters(c.id, range),
      })),
    };
  }

  /** The channel with this id; 40004 when there is none. */
  private channel(id: unknown): ChannelSeed {
    const channel = CHANNELS.find((c) => c.id === Number(id));
    if (!channel) throw notFoundDetail(`no message channel with id ${String(id)}`);
    return channel;
  }

  /** Counters of a channel for a time range, relative to the PBX's local today. */
  counters(channelId: number, range: string): Counters {
    const today = this.localDay();
    const monthDay = Number(this.context.display.compact(this.context.clock()).slice(6, 8));
    const [from, to] =
      range === 'today'
        ? [0, 0]
        : range === 'yesterday'
          ? [1, 1]
          : range === 'last_7_days'
            ? [0, 6]
            : range === 'last_30_days'
              ? [0, 29]
              : range === 'this_month'
                ? [0, monthDay - 1]
                : [0, HISTORY_DAYS - 1];
    const total: Counters = { sent: 0, delivered: 0, failed: 0, received: 0 };
    for (let back = from; back <= to; back++) {
      const day = this.day(channelId, today - back);
      total.sent += day.sent;
      total.delivered += day.delivered;
      total.failed += day.failed;
      total.received += day.received;
    }
    return total;
  }

  private day(channelId: number, dayNumber: number): Counters {
    const channel = CHANNELS.find((c) => c.id === channelId);
    if (!channel || channel.status !== 'status_connect_succ')
      return { sent: 0, delivered: 0, failed: 0, received: 0 };
    const random = SeededRandom.forKey(this.context.seed, `messages:${channelId}:${dayNumber}`);
    const sent = random.int(0, 40);
    const failed = random.int(0, Math.min(3, sent));
    return { sent, delivered: sent - failed, failed, received: random.int(0, 60) };
  }

  private localDay(): number {
    const compact = this.context.display.compact(this.context.clock());
    return Math.floor(
      Date.UTC(Number(compact.slice(0, 4)), Number(compact.slice(4, 6)) - 1, Number(compact.slice(6, 8))) /
        1000 /
        DAY,
    );
  }

  /** Key names of each provider's connection settings. */
  private accountData(channel: ChannelSeed): { k: string; v: string }[] {
    const random = SeededRandom.forKey(this.context.seed, `channel-secrets:${channel.id}`);
    const keys: Readonly<Record<string, readonly string[]>> = {
      general: ['api_key', 'api_secret'],
      siptrunk: ['username', 'password'],
      whatsapp: ['access_token', 'app_secret'],
      facebook: ['page_access_token', 'app_secret'],
    };
    return (keys[channel.channel] ?? ['api_key']).map((k) => ({
      k,
      v: k === 'username' ? `sms-${channel.id}` : random.hex(32).toLowerCase(),
    }));
  }

  /** A routing rule sending a DID's messages to the routed message queue and its members. */
  private queueRoute(channelId: number, did: string, index: number): Record<string, unknown> {
    const queue = this.messageQueue(ROUTED_MESSAGE_QUEUE);
    const extensions = this.context.world().extensions;
    const members = (queue?.members ?? []).flatMap((member) => {
      const ext = extensions.find((e) => e.id === member.extension_id);
      return ext ? [{ text: ext.name, text2: ext.number, value: String(ext.id), type: 'extension' }] : [];
    });
    return {
      id: index + 1,
      omnichannel_id: channelId,
      did_number: did,
      destination_id: String(queue?.id ?? ''),
      destination_number: '',
      destination_name: queue?.name ?? '',
      members,
      destination_type: 'queue',
    };
  }

  private detail(channel: ChannelSeed): Record<string, unknown> {
    const random = SeededRandom.forKey(this.context.seed, `channel:${channel.id}`);
    const gid = random.hex(16).toLowerCase();
    const extensions = this.context.world().extensions;
    const detail: Record<string, unknown> = {
      id: channel.id,
      name: channel.name,
      domain_type: 'fqdn',
      webhook_gid: gid,
      webhook_url: `https://pbx.example.com/api/omnichannel/webhook/${gid}`,
      type: channel.type,
      channel: channel.channel,
      // The provider's credentials, as the PBX answers them: secrets a gateway must never pass on.
      account_data: this.accountData(channel),
      verify_token: random.hex(12).toLowerCase(),
      send_rate: 1,
      auto_close_session: 1,
      session_expired_time: 3,
      dids: channel.number.map((did, index) => {
        // A channel's second DID routes to the first message queue, the others to an extension.
        if (index === 1) return this.queueRoute(channel.id, did, index);
        const ext = extensions[(channel.id + index) % Math.max(1, extensions.length)];
        return {
          id: index + 1,
          omnichannel_id: channel.id,
          did_number: did,
          destination_id: ext ? String(ext.id) : '',
          destination_number: ext?.number ?? '',
          destination_name: ext?.name ?? '',
          members: ext
            ? [{ text: ext.name, text2: ext.number, value: String(ext.id), type: 'extension' }]
            : [],
          destination_type: 'extension',
        };
      }),
    };
    if (channel.type === 'sms' || channel.type === 'whatsapp') detail['enb_duplicate_active_session'] = 0;
    if (channel.type === 'whatsapp') {
      detail['phone_number_id'] = random.int(100_000_000, 999_999_999).toString();
      detail['business_account_id'] = random.int(100_000_000, 999_999_999).toString();
    }
    return detail;
  }
}
