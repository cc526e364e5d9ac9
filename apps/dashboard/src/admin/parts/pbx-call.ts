import type {
  AdminOperationAnswer,
  AdminOperationBody,
  AdminOperationName,
} from '@switchboard/live-protocol';
import { callPbx, type AdminPbxResult } from '../../api/admin-pbx.js';
import { useSessionStore } from '../../stores/session.store.js';

/** Calls a PBX operation through the admin REST with the signed-in admin's session. */
export function pbx<N extends AdminOperationName>(
  operation: N,
  body: AdminOperationBody<N>,
): Promise<AdminPbxResult<AdminOperationAnswer<N>>> {
  return callPbx(operation, body, { token: useSessionStore().token });
}
