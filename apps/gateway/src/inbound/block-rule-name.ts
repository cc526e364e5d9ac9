import { PBX_ERRCODE, PbxApiError } from '@switchboard/pbx-api';

/**
 * Longest blocklist rule name the PBX takes: 127 characters (the guide's blocked-numbers import parameters,
 * docs/pbx/configuration.md#allowlist-and-blocklist).
 */
export const BLOCK_RULE_NAME_MAX = 127;
/** Names tried for one block: the plain one, then `(2)` … `(9)` while the PBX says the name is taken. */
export const BLOCK_RULE_NAME_ATTEMPTS = 9;

const PREFIX = 'Blocked from Switchboard: ';

/**
 * The number as a person reads it: `+1 555 649 8795` for a North American number written with its country
 * code, otherwise as the caller's number came (the PBX's blocklist shows that same number beside the name).
 */
export function readableNumber(number: string): string {
  const trimmed = number.trim();
  const nanp = /^\+1[\s.-]*\(?(\d{3})\)?[\s.-]*(\d{3})[\s.-]*(\d{4})$/.exec(trimmed);
  if (nanp) return `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}`;
  return trimmed === '' ? 'a caller without a number' : trimmed;
}

/**
 * The name of the blocklist rule a refuse-and-block adds, in words an administrator recognises in the PBX's
 * blocklist: `Blocked from Switchboard: +1 555 649 8795`, `… (2)` for the second try when that name is taken
 * (names are unique within the list). Never longer than {@link BLOCK_RULE_NAME_MAX}.
 */
export function blockRuleName(number: string, attempt = 1): string {
  const suffix = attempt > 1 ? ` (${attempt})` : '';
  const room = BLOCK_RULE_NAME_MAX - PREFIX.length - suffix.length;
  const shown = readableNumber(number);
  const cut = shown.length > room ? `${shown.slice(0, room - 1)}…` : shown;
  return `${PREFIX}${cut}${suffix}`;
}

/** Whether the PBX refused a rule because its name is taken (40003, docs/pbx/configuration.md). */
export function nameTaken(error: unknown): boolean {
  return error instanceof PbxApiError && error.errcode === PBX_ERRCODE.DUPLICATE_KEY_VALUE;
}

/**
 * Creates the blocklist rule of `number` with {@link blockRuleName}, trying the next name while the PBX says
 * one is taken (another rule already blocks that number under it); any other failure is thrown at once.
 */
export async function createBlockRule<T>(number: string, create: (name: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(blockRuleName(number, attempt));
    } catch (error) {
      if (attempt >= BLOCK_RULE_NAME_ATTEMPTS || !nameTaken(error)) throw error;
    }
  }
}
