import { callPbx, type AdminPbxResult, type PbxAnswer } from '../../api/admin-pbx.js';
import { useSessionStore } from '../../stores/session.store.js';

/** Calls a PBX operation through the admin REST with the signed-in admin's session. */
export function pbx<T extends object = PbxAnswer>(
  operation: string,
  body: Readonly<Record<string, unknown>>,
): Promise<AdminPbxResult<T>> {
  return callPbx<T>(operation, body, { token: useSessionStore().token });
}
