import type { HandlerTable } from '../../contracts.js';
import { pageOf, pageParams } from '../../support/paging.js';
import type { SimExtension } from '../world.types.js';
import { handler, text, type EngineRef } from './handler-kit.js';

/** The page size the PBX uses when none is asked for, and the largest it serves. */
const PAGING = { pageSize: 20, maxPageSize: 1_000 };

type SortKey = 'id' | 'number' | 'caller_id_name';

function sortKey(value: string): SortKey {
  if (value === 'number' || value === 'caller_id_name') return value;
  return 'id';
}

function basicInfo(ext: SimExtension): Record<string, unknown> {
  return {
    id: ext.id,
    number: ext.number,
    caller_id_name: ext.name,
    presence_status: 'available',
    role_name: ext.role === 'agent' ? 'Agent' : 'Staff',
    email_addr: '',
    mobile_number: '',
  };
}

/** extension/list (docs/pbx/configuration.md#extensions): every extension of the world, paged and sorted. */
export function extensionHandlers(get: EngineRef): HandlerTable {
  return {
    'extension/list': handler(get, (engine, params) => {
      const key = sortKey(text(params, 'sort_by'));
      const desc = text(params, 'order_by') === 'desc';
      const all = [...engine.ctx.extById.values()].sort((a, b) => {
        const order =
          key === 'id'
            ? a.id - b.id
            : (key === 'number' ? a.number : a.name).localeCompare(key === 'number' ? b.number : b.name);
        return desc ? -order : order;
      });
      const { page, pageSize } = pageParams(params, PAGING);
      const { total, items } = pageOf(all, () => true, page, pageSize);
      return { total_number: total, data: items.map(basicInfo) };
    }),
  };
}
