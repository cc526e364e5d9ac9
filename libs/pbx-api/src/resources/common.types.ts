import type { PbxSuccess } from '../types.js';

/** A switch as the PBX spells it: 1 on, 0 off. */
export type PbxFlag = 0 | 1;

/**
 * A text field whose documented values are offered by the editor while any other value still type-checks,
 * for fields whose full value list the PBX does not publish.
 */
export type KnownString<T extends string> = T | (string & Record<never, never>);

/** Answer of a create operation: the new object's ID. */
export interface PbxCreatedResponse extends PbxSuccess {
  /** ID of the new object. */
  id: number;
}
