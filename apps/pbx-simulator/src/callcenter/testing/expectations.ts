import { SimError } from '../../contracts.js';

/**
 * Runs `fn` and returns the SimError it threw, after checking its errcode and (when given) that
 * `invalid_param_list` names `field`. Throws a descriptive Error otherwise. Kept free of vitest so this folder
 * compiles in the app build too.
 */
export function expectSimError(fn: () => unknown, errcode: number, field?: string): SimError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof SimError)) {
    throw new Error(
      `expected a SimError ${errcode}, got ${caught === undefined ? 'no error' : String(caught)}`,
    );
  }
  if (caught.errcode !== errcode)
    throw new Error(`expected errcode ${errcode}, got ${caught.errcode} ${caught.errmsg}`);
  if (field !== undefined) {
    const list = caught.extra['invalid_param_list'];
    const fields = Array.isArray(list) ? list.map((entry) => (entry as { field?: unknown }).field) : [];
    if (fields.length !== 1 || fields[0] !== field) {
      throw new Error(`expected invalid_param_list to name ${field}, got ${JSON.stringify(list)}`);
    }
  }
  return caught;
}

/** Members of a Call_Info message, each as [kind, fields]. */
export function members(msg: Record<string, unknown>): [string, Record<string, unknown>][] {
  return (msg['members'] as Record<string, Record<string, unknown>>[]).map((member) => {
    const [kind, fields] = Object.entries(member)[0] as [string, Record<string, unknown>];
    return [kind, fields];
  });
}
