/** Digits of a phone number as a comparison key (`+49 (30) 1234-56` -> `4930123456`). */
export function numberKey(number: string): string {
  return number.replace(/\D/g, '');
}

/** Digits compared when exact digits differ: national and international spellings share their tail. */
export const SUFFIX_DIGITS = 8;

/** The tail used for loose matching, or undefined for numbers too short to match loosely. */
export function numberSuffix(key: string): string | undefined {
  return key.length >= SUFFIX_DIGITS ? key.slice(-SUFFIX_DIGITS) : undefined;
}
