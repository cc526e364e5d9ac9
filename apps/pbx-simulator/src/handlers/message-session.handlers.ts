/**
 * message_session/get (docs/pbx/configuration.md#message-sessions): seeded sessions on the message channels.
 */
import type { HandlerTable } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';
import { CHANNELS } from './message-channel.handlers.js';
import { notFoundDetail } from '../sim-errors.js';
import type { ResourceContext, SimResource } from './sim-resource.js';

/** Sessions seeded in every scenario (ids 1..SESSION_COUNT). */
export const SESSION_COUNT = 20;

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
  };

  constructor(private readonly context: ResourceContext) {}

  reset(): void {
    // Sessions are seeded and read-only through the interface.
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
      origin: channel.type === 'livechat' ? 'website' : '',
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
