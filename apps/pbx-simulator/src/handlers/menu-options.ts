/**
 * system/get_menuoptions (docs/pbx/records.md#menu-options): the options of each documented menu, read from the
 * simulator's own objects wherever it has them (extensions, queues and their agents, trunks, DIDs, conferences,
 * IVRs, PIN lists, message channels and queues, the disposition codes call notes use), and small fixed lists
 * where it has none (roles, organisations, prompts, groups).
 */
import type { MenuOption } from '@switchboard/pbx-api';
import type { HandlerTable, OperationHandler, RequestContext, WorldInfo } from '../contracts.js';
import { DISPOSITION_CODES } from '../records/call-notes.js';
import { notFound } from '../sim-errors.js';
import { PHONEBOOKS } from './inbound-route.handlers.js';
import { CHANNELS } from './message-channel.handlers.js';

/** What the menus are read from. */
export interface MenuSources {
  world(): WorldInfo;
  /** The simulator's handlers: IVRs, PIN lists and message queues are read through their list operations. */
  handlers(): HandlerTable;
}

/** Menus whose objects a stateful resource keeps, and the list operation (and its rows field) serving them. */
const LISTED: Readonly<Record<string, { op: string; rows: 'data' | 'list' }>> = {
  ivr: { op: 'ivr/list', rows: 'data' },
  pinset: { op: 'pin_list/list', rows: 'data' },
  message_queue: { op: 'message_queue/list', rows: 'list' },
};

/** Rows a list answer can hold at most; the simulator's resources hold far fewer. */
const ALL_ROWS = '10000';

/** The options of a menu kept by a resource, read through its list operation; undefined for other menus. */
async function listedOptions(
  menu: string,
  sources: MenuSources,
  request: RequestContext,
): Promise<MenuOption[] | undefined> {
  const listed = LISTED[menu];
  if (!listed) return undefined;
  const handler = (sources.handlers() as Record<string, OperationHandler | undefined>)[listed.op];
  if (!handler) return [];
  const answer = await handler({ ...request, params: { page: '1', page_size: ALL_ROWS } });
  const rows = answer[listed.rows];
  return Array.isArray(rows) ? rows.map((row: { id: number; name: string }) => option(row.id, row.name)) : [];
}

const option = (value: number | string, text: string, type = ''): MenuOption => ({
  text,
  value: String(value),
  type,
});

/** The PBX's built-in user roles (fixed on a real PBX too). */
const ROLES = [
  'Super Administrator',
  'Administrator',
  'Supervisor',
  'Operator',
  'Employee',
  'Human Resource',
  'Accounting',
].map((name, index) => option(index + 1, name));

const SYSTEM_PROMPTS = ['default', 'busy', 'no-answer', 'goodbye', 'please-hold'].map((name, index) =>
  option(index + 1, name),
);

const CUSTOM_PROMPTS = ['welcome.wav', 'after-hours.wav', 'holiday.wav'].map((name, index) =>
  option(index + 1, name),
);

const FIXED: Readonly<Record<string, readonly MenuOption[]>> = {
  // An appliance without FXS ports: the menu exists and is empty.
  fxs: [],
  ext_group: [option(1, 'Support Team'), option(2, 'Sales Team')],
  role: ROLES,
  group_vm: [option(1, 'Support Voicemail')],
  call_flow: [option(1, 'Business Hours')],
  ring_group: [option(1, 'Reception')],
  system_prompt: SYSTEM_PROMPTS,
  custom_prompt: CUSTOM_PROMPTS,
  paging_custom_prompt: CUSTOM_PROMPTS.slice(0, 1),
  phonebook: PHONEBOOKS.map((book) => option(book.id, book.name)),
  disposition_code: DISPOSITION_CODES.map((code) => option(code.id, code.name)),
  message_channel: CHANNELS.map((channel) => option(channel.id, channel.name, channel.type)),
};

const ORGANISATIONS: MenuOption[] = [
  {
    ...option(1, 'Headquarters'),
    item: [
      { text: 'Support', value: '2' },
      { text: 'Sales', value: '3' },
    ],
  },
];

/**
 * The options of `menu` (already validated by the rules; `IVR` folded into `ivr`); `request` is the menu request,
 * passed on to list operations. Throws 40004 for an unknown queue.
 */
export async function menuOptions(
  menu: string,
  queueId: number | undefined,
  sources: MenuSources,
  request: RequestContext,
): Promise<MenuOption[]> {
  const fromResource = await listedOptions(menu, sources, request);
  if (fromResource) return fromResource;
  const fixed = FIXED[menu];
  if (fixed) return fixed.map((entry) => ({ ...entry }));
  const world = sources.world();
  switch (menu) {
    case 'extension':
      return world.extensions.map((ext) => option(ext.id, ext.name));
    case 'trunk':
      return world.trunks.map((trunk) => option(trunk.id, trunk.name, trunk.type));
    case 'queue':
      return (world.queues ?? []).map((queue) => option(queue.id, queue.name));
    case 'queue_agent':
      return queueAgents(world, queueId);
    case 'conference':
      return (world.conferences ?? []).map((room) => option(room.id, room.name));
    case 'trunk_did_id':
      return didOptions(world);
    case 'org_list':
      return ORGANISATIONS.map((org) => ({ ...org, item: org.item?.map((sub) => ({ ...sub })) ?? [] }));
    default:
      return [];
  }
}

function queueAgents(world: WorldInfo, queueId: number | undefined): MenuOption[] {
  const queue = world.queues?.find((candidate) => candidate.id === queueId);
  if (!queue) throw notFound('id', queueId, 'unknown_queue', 'no queue has this id');
  const byNumber = new Map(world.extensions.map((ext) => [ext.number, ext]));
  return (queue.agentNumbers ?? []).flatMap((number) => {
    const ext = byNumber.get(number);
    return ext ? [option(ext.id, ext.name)] : [];
  });
}

/** One option per DID pattern of the inbound routes, numbered in route order; the type names the route. */
function didOptions(world: WorldInfo): MenuOption[] {
  const out: MenuOption[] = [];
  for (const route of world.inboundRoutes)
    for (const pattern of route.did_patterns) out.push(option(out.length + 1, pattern, route.name));
  return out;
}
