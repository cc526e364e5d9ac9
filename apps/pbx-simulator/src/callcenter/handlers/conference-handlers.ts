import type { HandlerTable } from '../../contracts.js';
import { commaList, handler, text, type EngineRef } from './handler-kit.js';

/** `all`, or the channel ids of a comma list. */
const channels = (params: Record<string, unknown>): string[] | 'all' => {
  const ids = text(params, 'member_channel_id');
  return ids === 'all' ? 'all' : commaList(ids);
};

/**
 * conference/query_ongoing_conference (`number`: one, a comma list or `all`), kick_member, mute_member,
 * invite_member and list (docs/pbx/conferences.md).
 */
export function conferenceHandlers(get: EngineRef): HandlerTable {
  return {
    'conference/query_ongoing_conference': handler(get, (engine, params) => {
      const number = text(params, 'number');
      return { data: engine.conferences.ongoing(number === 'all' ? undefined : commaList(number)) };
    }),
    'conference/kick_member': handler(get, (engine, params) => {
      engine.conferences.kick(text(params, 'number'), channels(params));
      return {};
    }),
    'conference/mute_member': handler(get, (engine, params) => {
      engine.conferences.mute(text(params, 'number'), channels(params));
      return {};
    }),
    'conference/invite_member': handler(get, (engine, params) => {
      const numbers = Array.isArray(params['invitemembers'])
        ? (params['invitemembers'] as unknown[]).map((n) => String(n).trim())
        : [];
      const joined = engine.conferences.invite(
        text(params, 'number'),
        numbers,
        text(params, 'dialpermission'),
      );
      // An agent in a conference is on a call: not free for queue calls until it leaves.
      for (const ext of joined) {
        const agent = engine.agents.agents.get(ext.id);
        if (agent) engine.agents.refresh(agent);
      }
      return {};
    }),
    'conference/list': handler(get, (engine, params) => engine.conferences.list(params)),
  };
}
