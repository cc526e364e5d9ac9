import { BLOCK_UNDO_MS, type HeldCallView, type ResultError } from '@switchboard/live-protocol';

/** Who asks to undo a block. */
export interface UndoAsker {
  user: string;
  admin: boolean;
}

/**
 * Why the block of `view` cannot be undone by `asker` at `now`, or undefined when it can: only a block this
 * gateway made (its rule id known) and not undone yet, only by whoever decided or an admin, only within
 * {@link BLOCK_UNDO_MS} (`view.blockUndoUntil`). Afterwards the rule stays: removing it is the PBX
 * administrator's business, and the message says so.
 */
export function blockUndoRefusal(
  view: HeldCallView | undefined,
  ruleId: number | undefined,
  asker: UndoAsker,
  now: number,
): ResultError | undefined {
  if (!view)
    return {
      code: 'not_found',
      message:
        "This call is no longer on the board, so its block cannot be undone here; remove the number from the PBX's blocklist instead.",
    };
  if (view.unblockedBy)
    return { code: 'conflict', message: `${view.unblockedBy} already undid the block of ${view.from}.` };
  if (!view.blocked || ruleId === undefined || view.blockUndoUntil === undefined)
    return {
      code: 'not_found',
      message: `${view.from} was not blocked from this call, so there is nothing to undo.`,
    };
  if (asker.user !== view.decidedBy && !asker.admin)
    return {
      code: 'forbidden',
      message: `Only ${view.decidedBy ?? 'the supervisor who decided'}, who blocked ${view.from}, or an admin can undo the block.`,
    };
  if (now > view.blockUndoUntil)
    return {
      code: 'conflict',
      message: `The ${BLOCK_UNDO_MS / 1000} seconds to undo this block have passed; ${view.from} stays blocked. Remove it from the PBX's blocklist if it should not be.`,
    };
  return undefined;
}
