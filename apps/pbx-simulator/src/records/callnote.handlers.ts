/**
 * callnotes/get (docs/pbx/records.md#call-notes): a note's history and current revision, by the ids event
 * 30028 carries. callnotes/update (docs/pbx/records.md#updating-a-call-note): a new revision, announced by 30028.
 */
import type { HandlerTable } from '../contracts.js';
import { notFoundDetail, paramError } from '../sim-errors.js';
import { dispositionCodesOf } from './call-notes.js';
import { noteOf } from './cdr-render.js';
import type { RecordStore } from './record-store.js';
import type { StoredCall } from './stored-call.js';

/** Handlers over the record store's call notes. */
export function callNoteHandlers(records: RecordStore): HandlerTable {
  /** The note with `id` (in group `groupId` when given), or 40004. */
  const find = (id: string, groupId: string | undefined): StoredCall & { noteId: string } => {
    const stored = groupId === undefined ? records.findNoteById(id) : records.findNote(id, groupId);
    if (!stored || stored.noteId === undefined) {
      const group = groupId === undefined ? '' : ` in group ${groupId.slice(0, 60)}`;
      throw notFoundDetail(`no call note with id ${id.slice(0, 60)}${group}`);
    }
    return stored as StoredCall & { noteId: string };
  };
  return {
    'callnotes/get': ({ params }) => {
      const stored = find(String(params['id']), String(params['group_id']));
      return noteOf(stored, records.context) ?? {};
    },
    'callnotes/update': ({ params }) => {
      const group = params['group_id'];
      const stored = find(
        String(params['id']),
        group === undefined || group === '' ? undefined : String(group),
      );
      const current = noteOf(stored, records.context)?.current;
      if (!current) throw notFoundDetail('the call has no note');
      const ids = params['disposition_code_ids'];
      let codes = current.disposition_code_list;
      if (ids !== undefined) {
        const parsed = dispositionCodesOf(String(ids));
        if (parsed.unknown.length > 0) {
          throw paramError(
            'disposition_code_ids',
            parsed.unknown.join(','),
            'not_exist',
            'no disposition code has this id (system/get_menuoptions menu=disposition_code lists them)',
          );
        }
        codes = parsed.codes;
      }
      const remark = params['remark'];
      records.updateNote(stored, {
        id: current.id,
        group_id: current.group_id,
        agent_name: current.agent_name,
        disposition_code_list: codes,
        remark: remark === undefined ? current.remark : String(remark),
        update_entry: String(params['update_entry']),
      });
      return {};
    },
  };
}
