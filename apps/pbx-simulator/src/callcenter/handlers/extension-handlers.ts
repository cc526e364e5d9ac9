import { toInt } from '@switchboard/pbx-api';
import type { HandlerTable } from '../../contracts.js';
import { notFound } from '../../sim-errors.js';
import { pageOf, pageParams } from '../../support/paging.js';
import type { Engine } from '../engine.js';
import type { SimExtension } from '../world.types.js';
import { commaList, handler, text, type EngineRef } from './handler-kit.js';

/** The page size the PBX uses when none is asked for, and the largest it serves. */
const PAGING = { pageSize: 20, maxPageSize: 1_000 };

type SortKey = 'id' | 'number' | 'caller_id_name';

function sortKey(value: string): SortKey {
  if (value === 'number' || value === 'caller_id_name') return value;
  return 'id';
}

/** Settings every row shows; the scenarios give no user an e-mail address or a mobile number. */
function identity(ext: SimExtension): Record<string, unknown> {
  return {
    id: ext.id,
    number: ext.number,
    caller_id_name: ext.name,
    presence_status: 'available',
    custom_presence_status: '',
    role_name: ext.role === 'agent' ? 'Agent' : 'Staff',
    email_addr: '',
    mobile_number: '',
  };
}

/** A row of extension/list and extension/search: the identity and where the extension is online now. */
function basicInfo(engine: Engine, ext: SimExtension): Record<string, unknown> {
  return { ...identity(ext), online_status: engine.registrations.onlineStatus(ext) };
}

/** Every extension, sorted as `sort_by`/`order_by` ask (the other sort fields hold one value each: id order). */
function sorted(engine: Engine, params: Record<string, unknown>): SimExtension[] {
  const key = sortKey(text(params, 'sort_by'));
  const desc = text(params, 'order_by') === 'desc';
  return [...engine.ctx.extById.values()].sort((a, b) => {
    const order =
      key === 'id'
        ? a.id - b.id
        : (key === 'number' ? a.number : a.name).localeCompare(key === 'number' ? b.number : b.name);
    return desc ? -order : order;
  });
}

function page(
  engine: Engine,
  params: Record<string, unknown>,
  matches: (ext: SimExtension) => boolean,
): Record<string, unknown> {
  const { page: at, pageSize } = pageParams(params, PAGING);
  const { total, items } = pageOf(sorted(engine, params), matches, at, pageSize);
  return { total_number: total, data: items.map((ext) => basicInfo(engine, ext)) };
}

/** Concurrent calls now: live calls, and each conference member (every member's stay is a call of its own). */
function callsInUse(engine: Engine): number {
  return engine.calls.active.size + engine.conferences.memberCount();
}

/**
 * Extensions (docs/pbx/configuration.md#extensions): extension/list and extension/search (a keyword matched,
 * case aside, against number and name), extension/get and extension/query (the row's settings without the
 * online status; the PBX's settings table is not published), extension_status_monitor/list, and
 * system/capacity (docs/pbx/configuration.md#pbx-capacity), which counts extensions and calls.
 */
export function extensionHandlers(get: EngineRef): HandlerTable {
  return {
    'extension/list': handler(get, (engine, params) => page(engine, params, () => true)),
    'extension/search': handler(get, (engine, params) => {
      const keyword = text(params, 'search_value').toLowerCase();
      return page(
        engine,
        params,
        (ext) => keyword === '' || ext.number.includes(keyword) || ext.name.toLowerCase().includes(keyword),
      );
    }),
    'extension/get': handler(get, (engine, params) => {
      const ext = engine.ctx.extById.get(toInt(params['id']) ?? 0);
      if (!ext) throw notFound('id', params['id'], 'not_exist', 'no extension has this id');
      return { data: identity(ext) };
    }),
    // Unknown ids are left out, as the other query operations do.
    'extension/query': handler(get, (engine, params) => ({
      data: commaList(text(params, 'ids')).flatMap((id) => {
        const ext = engine.ctx.extById.get(Number(id));
        return ext ? [identity(ext)] : [];
      }),
    })),
    // The simulator sends 30007 and 30008 for every extension and never 30009 (presence does not change).
    'extension_status_monitor/list': handler(get, (engine) => ({
      data: [...engine.ctx.extById.values()]
        .sort((a, b) => a.id - b.id)
        .map((ext) => ({
          ext_id: ext.id,
          number: ext.number,
          name: ext.name,
          enb_register_status: 1,
          enb_call_status: 1,
          enb_presence_status: 0,
        })),
    })),
    'system/capacity': handler(get, (engine) => {
      const extensions = engine.ctx.extById.size;
      return {
        data: {
          extension_capacity: capacityFor(extensions, 500),
          extension_used: extensions,
          // Not enforced: a call over the limit still goes through.
          cc_capacity: capacityFor(extensions, 120),
          cc_used: callsInUse(engine),
        },
      };
    }),
  };
}

/**
 * The simulator's licence (docs/pbx/configuration.md#pbx-capacity): at least `floor`, else `used` rounded up to
 * the next hundred, so a larger scenario is never over its limit.
 */
function capacityFor(used: number, floor: number): number {
  return Math.max(floor, Math.ceil(used / 100) * 100);
}
