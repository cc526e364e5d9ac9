import type { HandlerTable } from '../../contracts.js';
import { commaList, handler, text, type EngineRef } from './handler-kit.js';

/** conference/query_ongoing_conference (`number`: one, a comma list or `all`) and conference/kick_member. */
export function conferenceHandlers(get: EngineRef): HandlerTable {
  return {
    'conference/query_ongoing_conference': handler(get, (engine, params) => {
      const number = text(params, 'number');
      return { data: engine.conferences.ongoing(number === 'all' ? undefined : commaList(number)) };
    }),
    'conference/kick_member': handler(get, (engine, params) => {
      const ids = text(params, 'member_channel_id');
      engine.conferences.kick(text(params, 'number'), ids === 'all' ? 'all' : commaList(ids));
      return {};
    }),
  };
}
