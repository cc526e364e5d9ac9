/**
 * callnotes/get (docs/pbx/records.md#call-notes): a note's history and current revision, by the ids event
 * 30028 carries.
 */
import type { HandlerTable } from '../contracts.js';
import { notFoundDetail } from '../sim-errors.js';
import { noteRevisions } from './call-notes.js';
import type { RecordStore } from './record-store.js';

/** Handlers over the record store's call notes. */
export function callNoteHandlers(records: RecordStore): HandlerTable {
  return {
    'callnotes/get': ({ params }) => {
      const id = String(params['id']);
      const groupId = String(params['group_id']);
      const stored = records.findNote(id, groupId);
      if (!stored || stored.noteId === undefined) {
        throw notFoundDetail(`no call note with id ${id.slice(0, 60)} in group ${groupId.slice(0, 60)}`);
      }
      const agentName = records.context.extensionName(stored.call.agent_number);
      return noteRevisions(stored.call, stored.noteId, records.context.seed, agentName);
    },
  };
}
