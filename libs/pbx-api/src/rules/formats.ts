import type { StringFormat } from './schema.js';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// One separator style throughout: 001A2B3C4D5E, or five `:` or five `-` (the back-reference repeats the first).
const MAC = /^(?:[0-9A-Fa-f]{12}|[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4})$/;
/**
 * One entry of an allowlist or blocklist: a number, or a pattern in the syntax of the guide's "DID Pattern and
 * Caller ID Pattern" page (docs/pbx/configuration.md#allowlist-and-blocklist): digits after an optional `+`,
 * X / Z / N for a digit of a range, `[...]` a set of digits and ranges, `.` and `!` wildcards.
 */
const NUMBER_OR_PATTERN = /^\+?(?:[0-9XZNxzn.!]|\[(?:[0-9](?:-[0-9])?)+\])+$/;
const DIGITS = /^\d+$/;

/** Whether one entry of an allowlist or blocklist is a number or a dial pattern the PBX takes. */
export const isNumberOrPattern = (item: string): boolean => NUMBER_OR_PATTERN.test(item);

function isPort(text: string): boolean {
  return DIGITS.test(text) && Number(text) >= 1 && Number(text) <= 65535;
}

function splitAll(value: string, separator: string): string[] {
  return value.split(separator).map((part) => part.trim());
}

/** Each format: a test and the sentence shown when it fails. */
export const FORMATS: Readonly<Record<StringFormat, { test: (value: string) => boolean; message: string }>> =
  {
    ip_port: {
      test: (value) => {
        const ipv6 = /^\[([0-9A-Fa-f:.]+)\]:(\d+)$/.exec(value);
        if (ipv6) return (ipv6[1] ?? '').includes(':') && isPort(ipv6[2] ?? '');
        const at = value.lastIndexOf(':');
        return at > 0 && IPV4.test(value.slice(0, at)) && isPort(value.slice(at + 1));
      },
      message: 'must be <ip>:<port>, e.g. 192.168.28.2:5060',
    },
    mac: {
      test: (value) => MAC.test(value),
      message: 'must be a MAC address, e.g. 00:1A:2B:3C:4D:5E',
    },
    amp_list: {
      test: (value) => splitAll(value, '&').every(isNumberOrPattern),
      message:
        'must be phone numbers or dial patterns (digits, a leading +, X Z N [1-5] . !) separated by &, e.g. 5551234&9011.',
    },
    comma_id_list: {
      test: (value) => splitAll(value, ',').every((item) => DIGITS.test(item)),
      message: 'must be numeric IDs separated by commas, e.g. 1,2,3',
    },
    comma_digit_list: {
      test: (value) => splitAll(value, ',').every((item) => DIGITS.test(item)),
      message: 'must be digits separated by commas, e.g. 1234,5678',
    },
    member_channel_ids: {
      test: (value) =>
        value === 'all' || splitAll(value, ',').every((item) => item.length > 0 && !/\s/.test(item)),
      message: 'must be a channel ID, several separated by commas, or all',
    },
    did_filter_list: {
      test: (value) =>
        splitAll(value, ',').every((item) => {
          const at = item.lastIndexOf(':');
          return at > 0 && at < item.length - 1;
        }),
      message: 'must be <did>:<trunk_name>, several separated by commas',
    },
    unix_seconds: {
      test: (value) => DIGITS.test(value) && value.length <= 12,
      message: 'must be a Unix time in seconds, e.g. 1755900000',
    },
  };
