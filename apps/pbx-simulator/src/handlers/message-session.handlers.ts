/**
 * message_session/get, list, search and query (docs/pbx/configuration.md#message-sessions): seeded sessions on
 * the message channels; list and search page with a cursor (`first_msg_id`) and answer rows under `list`.
 */
import type { HandlerTable } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';
import { CHANNELS } from './message-channel.handlers.js';
import { notFound, notFoundDetail } from '../sim-errors.js';
import { idList, type ResourceContext, type SimResource } from './sim-resource.js';

/** Sessions seeded in every scenario (ids 1..SESSION_COUNT). */
export const SESSION_COUNT = 20;

/** Messages in session `id` (3-7). */
const messageCount = (id: number) => 3 + (id % 5);

const CUSTOMER_LINES = [
  'Hi, I would like to know the price of the premium plan.',
  'Is my order already on its way?',
  'Thanks, that helps.',
];
const AGENT_LINES = [
  'Hello! Let me check that for you.',
  'Thank you for waiting, here is what I found.',
  'Is there anything else I can do for you?',
];

const NAMES = ['Mia Wong', 'Leo Park', 'Sara Novak', 'Omar Aziz', 'Julia Costa', 'Tom Berg'];

/** Message sessions. */
export class MessageSessionResource implements SimResource {
  readonly handlers: HandlerTable = {
    'message_session/get': ({ params }) => {
      const id = Number(params['id']);
      if (!Number.isInteger(id) || id < 1 || id > SESSION_COUNT)
        throw notFoundDetail(`no message session with id ${id}`);
      return { list: this.session(id) };
    },
    'message_session/list': ({ params }) => ({ list: this.page(params) }),
    'message_session/search': ({ params }) => ({ list: this.page(params) }),
    'message/get': ({ params }) => {
      const id = Number(params['id']);
      if (!Number.isInteger(id) || id < 1 || id > SESSION_COUNT)
        throw notFound('id', params['id'], 'not_exist', 'no message session has this id');
      return { data: this.messagePage(id, params) };
    },
    'message/query': ({ params }) => ({
      data: idList(params['ids'])
        .filter((id) => id >= 1 && id <= SESSION_COUNT)
        .map((id) => this.messagePage(id, params)),
    }),
    'message_session/query': ({ params }) => ({
      list: idList(params['ids'])
        .filter((id) => id >= 1 && id <= SESSION_COUNT)
        .map((id) => this.session(id)),
    }),
  };

  constructor(private readonly context: ResourceContext) {}

  reset(): void {
    // Sessions are seeded and read-only through the interface.
  }

  /**
   * One page of sessions, newest first (by `last_msg_id`), after the cursor `first_msg_id`, filtered as the
   * list page describes. Choices where the guide is silent: user_type 9 (the API) sees every session, an
   * extension user (1) those it was offered or picked up; absent filters mean "all"; there is no total.
   */
  private page(params: Record<string, unknown>): Record<string, unknown>[] {
    const pageSize = Math.min(Number(params['page_size']), 1_000);
    const cursor = params['first_msg_id'] === undefined ? Infinity : Number(params['first_msg_id']);
    const userNo = String(params['user_no'] ?? '');
    const keyword = String(params['search_value'] ?? '')
      .trim()
      .toLowerCase();
    const filter = (key: string) => (params[key] === undefined ? 2 : Number(params[key]));
    const [archived, closed, pickup] = [
      filter('is_archived'),
      filter('is_closed'),
      Number(params['is_pickup'] ?? 0),
    ];
    const collection = String(params['collection'] ?? '');
    const rows = Array.from({ length: SESSION_COUNT }, (_, i) => this.session(SESSION_COUNT - i)).filter(
      (session) => {
        const state = this.state(Number(session['id']));
        const user = session['user_info'] as { username: string; user_no: string };
        const agents = [
          state.assignee,
          ...((session['participants'] as { user_no: string }[] | undefined) ?? []),
        ];
        return (
          state.lastMsgId < cursor &&
          (params['user_type'] !== '1' && params['user_type'] !== 1
            ? true
            : agents.some((a) => a?.user_no === userNo)) &&
          (archived === 2 || state.archived === archived) &&
          (closed === 2 || state.closed === closed) &&
          (pickup === 0 || (pickup === 1) === state.pickedUp) &&
          (collection === 'all' || (collection === 'campaign') === (session['origin'] === 'campaign')) &&
          (keyword === '' ||
            [user.username, user.user_no, String(session['channel_name'])].some((text) =>
              text.toLowerCase().includes(keyword),
            ))
        );
      },
    );
    return rows.slice(0, pageSize).map((session) => this.summary(session));
  }

  /** A page of a session's messages, newest first, older than `last_msg_id` when given. */
  private messagePage(id: number, params: Record<string, unknown>): Record<string, unknown> {
    const before = params['last_msg_id'] === undefined ? Infinity : Number(params['last_msg_id']);
    const records = this.messages(id)
      .filter((message) => Number(message['msg_id']) < before)
      .reverse()
      .slice(0, Math.min(Number(params['page_size']), 1_000));
    return { session_id: id, records };
  }

  /**
   * A session's messages, oldest first (ids `id * 10 + k`): the customer writes, the session is picked up
   * (or waits in message queue 1), agent and customer take turns, a closed session ends with a close.
   */
  private messages(id: number): Record<string, unknown>[] {
    const session = this.session(id);
    const state = this.state(id);
    const customer = { ...(session['user_info'] as Record<string, unknown>) };
    const ext = this.context.world().extensions[id % 3];
    const agent = {
      user_id: ext?.id ?? 0,
      user_no: ext?.number ?? '',
      user_type: 1,
      avatar: '',
      username: ext?.name ?? '',
    };
    const start = Math.floor(this.context.clock()) - (SESSION_COUNT - id + 1) * 3_600;
    const count = messageCount(id);
    return Array.from({ length: count }, (_, k) => {
      const last = k === count - 1;
      const kind =
        k === 0
          ? 'first'
          : k === 1
            ? state.pickedUp
              ? 'picked'
              : 'queued'
            : last && state.closed
              ? 'closed'
              : 'turn';
      const fromAgent = kind === 'picked' || kind === 'closed' || (kind === 'turn' && k % 2 === 0);
      const failed = kind === 'turn' && fromAgent && id % 7 === 0;
      const time = start + k * 60;
      return {
        session_id: id,
        msg_id: id * 10 + k,
        delivery_status: failed ? 2 : 1,
        sender: fromAgent ? agent : customer,
        msg_kind: 0,
        msg_type: { first: 0, picked: 5, queued: 6, closed: 2, turn: 0 }[kind],
        msg_body:
          kind === 'turn'
            ? (fromAgent ? AGENT_LINES : CUSTOMER_LINES)[k % 3]
            : kind === 'first'
              ? CUSTOMER_LINES[id % 3]
              : '',
        msg_files: '[]',
        send_time: time,
        receive_time: failed ? 0 : time + 1,
        param: kind === 'queued' ? JSON.stringify({ queue_id: 1, queue_name: 'PreSales Consult Queue' }) : '',
        send_error: failed ? 'send_fail' : '',
        // The guide's example record has these three, empty (docs/pbx/configuration.md#messages-of-a-session).
        send_error_msg: '',
        tag: '',
        whatsapp_msg_param: '',
      };
    });
  }

  /** A session as list and search show it. */
  private summary(session: Record<string, unknown>): Record<string, unknown> {
    const id = Number(session['id']);
    const state = this.state(id);
    const type = String(session['channel_type']);
    return {
      id,
      type,
      is_close: state.closed,
      is_archived: state.archived,
      to: session['user_info'],
      // The 24-hour reply window applies to WhatsApp and Facebook only; closed sessions have run out.
      expire: type === 'whatsapp' || type === 'facebook' ? (state.closed ? 0 : 86_400 - id * 1_800) : -1,
      last_msg_id: state.lastMsgId,
      channel_name: session['channel_name'],
      did_number: session['did_number'],
    };
  }

  /** Seeded state of a session: higher ids are newer; every third waits in a queue unpicked. */
  private state(id: number): {
    closed: 0 | 1;
    archived: 0 | 1;
    pickedUp: boolean;
    lastMsgId: number;
    assignee: { user_no: string } | undefined;
  } {
    const pickedUp = id % 3 !== 0;
    const agents = this.context.world().extensions;
    const agent = agents[id % Math.min(3, Math.max(1, agents.length))];
    return {
      closed: id % 4 === 0 ? 1 : 0,
      archived: id % 5 === 0 ? 1 : 0,
      pickedUp,
      lastMsgId: id * 10 + messageCount(id) - 1,
      assignee: pickedUp && agent ? { user_no: agent.number } : undefined,
    };
  }

  private session(id: number): Record<string, unknown> {
    const random = SeededRandom.forKey(this.context.seed, `session:${id}`);
    const channel = CHANNELS[(id - 1) % CHANNELS.length] ?? (CHANNELS[0] as (typeof CHANNELS)[number]);
    const name = random.pick(NAMES);
    const customer =
      channel.type === 'livechat'
        ? `visitor-${random.hex(6).toLowerCase()}`
        : `555${random.int(1_000_000, 9_999_999)}`;
    const session: Record<string, unknown> = {
      id,
      channel_type: channel.type,
      channel_name: channel.name,
      did_number: channel.number[0] ?? '',
      to_number: customer,
      // Every tenth session was started by a marketing campaign.
      origin: id % 10 === 0 ? 'campaign' : channel.type === 'livechat' ? 'website' : '',
      user_info: { user_id: 0, user_no: customer, user_type: 2, avatar: '', username: name },
    };
    if (channel.type === 'facebook') session['page_name'] = 'Switchboard Support';
    if (channel.type === 'livechat') {
      const [first = '', last = ''] = name.split(' ');
      session['website_domain'] = 'www.example.com';
      session['pre_chat_form'] = {
        name,
        email: `${first.toLowerCase()}@example.com`,
        phone: '',
        first_name: first,
        last_name: last,
      };
    }
    // Sessions waiting in a message queue list the agents who may pick them up.
    if (id % 3 === 0) {
      const agents = this.context.world().extensions.slice(0, 3);
      session['participants'] = agents.map((e) => ({
        user_id: e.id,
        user_no: e.number,
        user_type: 1,
        avatar: '',
        username: e.name,
      }));
    }
    return session;
  }
}
