import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** One entry of `ALERT_TARGETS_ALLOWED`: a host name, or a network (a single address is a /32 or /128). */
export type AllowedTarget =
  { kind: 'host'; host: string } | { kind: 'network'; network: [Ip, number]; text: string };

/** What {@link parseAllowedTargets} gives: the entries, or a sentence naming the first bad one. */
export type AllowedTargetsParse = { ok: true; targets: AllowedTarget[] } | { ok: false; problem: string };

/** An outgoing address that may be contacted: connect to `address`, not to what the host resolves to later. */
export interface CheckedTarget {
  ok: true;
  address: string;
  family: 4 | 6;
  url: URL;
}

/**
 * The verdict on an outgoing address. A refusal's `reason` names the host at most (never the URL's path or
 * query, which can hold a token); `retryable` is true when the name could not be resolved (a passing DNS
 * fault), false when the address is refused by the policy.
 */
export type TargetCheck = CheckedTarget | { ok: false; reason: string; retryable: boolean };

/** Resolves a host name to all its addresses, as `dns.promises.lookup(host, { all: true })` does. */
export type HostResolver = (host: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);
const EXAMPLES = 'such as hooks.slack.com, 127.0.0.1 or 10.1.0.0/16';

/**
 * Reads `ALERT_TARGETS_ALLOWED`: host names, IP addresses and CIDR networks separated by commas. Host names
 * match exactly (no wildcards: listing a whole domain would let anyone with a DNS record in it in).
 */
export function parseAllowedTargets(text: string): AllowedTargetsParse {
  const targets: AllowedTarget[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const target = parseEntry(entry);
    if (typeof target === 'string') return { ok: false, problem: `"${entry}" ${target}` };
    targets.push(target);
  }
  return { ok: true, targets };
}

function parseEntry(entry: string): AllowedTarget | string {
  if (entry.includes('://')) return `is a URL: list its host name only (${EXAMPLES})`;
  const unbracketed = entry.replace(/^\[(.*)\]$/, '$1');
  if (unbracketed.includes('/')) {
    const [address = '', prefix = ''] = unbracketed.split('/');
    const ip = parseStrictIp(address);
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!ip) return `is not a CIDR network: the part before "/" is not an IP address (${EXAMPLES})`;
    const max = ip.kind() === 'ipv4' ? 32 : 128;
    if (!(bits >= 0 && bits <= max)) return `is not a CIDR network: the prefix length must be 0 to ${max}`;
    return { kind: 'network', network: [ip, bits], text: entry };
  }
  const ip = parseStrictIp(unbracketed);
  if (ip) return { kind: 'network', network: [ip, ip.kind() === 'ipv4' ? 32 : 128], text: entry };
  const host = entry.toLowerCase().replace(/\.$/, '');
  if (host.includes('*')) return `has a wildcard: list each host name exactly (${EXAMPLES})`;
  // A name ending in a number is a mistyped IPv4 address ("10.0.0.300"), not a host name.
  if (!HOST_NAME.test(host) || /\.\d+$|^\d+$/.test(host))
    return `is not a host name, an IP address or a CIDR network (${EXAMPLES})`;
  return { kind: 'host', host };
}

/** An IPv4 address in its four-part decimal form or an IPv6 address; null for anything else ("10.1", "0x7f.1"). */
function parseStrictIp(text: string): Ip | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(':') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

/** Words for the ranges that are never contacted unless listed; anything else that is not `unicast` is "reserved". */
const RANGE_WORDS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  uniqueLocal: 'unique-local (private)',
  deprecatedSiteLocal: 'site-local (private)',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  teredo: 'tunnel',
};

/**
 * Decides whether the gateway may post to a URL (docs/alerting.md#outgoing-addresses). Every address the
 * host resolves to must be public, or listed (or inside a listed network), unless the host name itself is
 * listed: a name that resolves to one public and one internal address is refused, since either may be used.
 */
export class TargetPolicy {
  private readonly hosts: ReadonlySet<string>;
  private readonly networks: ReadonlyArray<[Ip, number]>;
  private readonly resolve: HostResolver;

  constructor(allowed: readonly AllowedTarget[], options: { resolve?: HostResolver } = {}) {
    this.hosts = new Set(allowed.flatMap((t) => (t.kind === 'host' ? [t.host] : [])));
    this.networks = allowed.flatMap((t) => (t.kind === 'network' ? [t.network] : []));
    this.resolve = options.resolve ?? ((host) => dns.lookup(host, { all: true, verbatim: true }));
  }

  /** Checks `url` and gives the address to connect to (the one checked: a second lookup could differ). */
  async check(url: string): Promise<TargetCheck> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, reason: 'the address is not a valid URL', retryable: false };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      return { ok: false, reason: 'only http and https addresses can be posted to', retryable: false };
    const host = parsed.hostname
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '')
      .toLowerCase();
    const literal = ipaddr.isValid(host) ? ipaddr.parse(host) : null;
    let addresses: ReadonlyArray<{ address: string; family: number }>;
    if (literal) addresses = [{ address: host, family: literal.kind() === 'ipv4' ? 4 : 6 }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch {
        addresses = [];
      }
      if (addresses.length === 0)
        return { ok: false, reason: `${host} could not be resolved`, retryable: true };
    }
    if (!this.hosts.has(host)) {
      for (const { address } of addresses) {
        const refusal = this.refusal(address);
        if (refusal === null) continue;
        const what = literal ? `${host} is` : `${host} resolves to ${address},`;
        return {
          ok: false,
          reason: `${what} ${refusal} address: list it in ALERT_TARGETS_ALLOWED to allow it`,
          retryable: false,
        };
      }
    }
    const first = addresses[0] as { address: string; family: number };
    return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4, url: parsed };
  }

  /** Null when the address may be contacted; otherwise "a private" or "an unspecified" etc. */
  private refusal(address: string): string | null {
    if (!ipaddr.isValid(address)) return 'an unreadable';
    const ip = ipaddr.parse(address);
    const embedded = ip.kind() === 'ipv6' ? embeddedIpv4(ip as ipaddr.IPv6) : null;
    if (this.listed(ip) || (embedded && this.listed(embedded))) return null;
    const word = rangeWord(embedded ?? ip);
    if (word === null) return null;
    return /^(?:[aeio]|un)/.test(word) ? `an ${word}` : `a ${word}`;
  }

  private listed(ip: Ip): boolean {
    return this.networks.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits));
  }
}

/** Null for a public address; otherwise what kind of address it is, in words. */
function rangeWord(ip: Ip): string | null {
  const range: string = ip.range();
  if (range === 'unicast') {
    // ::a.b.c.d (the deprecated IPv4-compatible form) is not public IPv6; ipaddr.js calls it unicast.
    const v6 = ip.kind() === 'ipv6' ? (ip as ipaddr.IPv6).parts : null;
    return v6 && v6.slice(0, 6).every((part) => part === 0) ? 'reserved' : null;
  }
  return RANGE_WORDS[range] ?? 'reserved';
}

/**
 * The IPv4 address inside an IPv6 one that reaches it: IPv4-mapped (::ffff:a.b.c.d), the translated forms
 * (64:ff9b::/96 NAT64, ::ffff:0:a.b.c.d) and 6to4 (2002:aabb:ccdd::/48). A private IPv4 address must not
 * get through dressed as IPv6; a public one reached over NAT64 must still work.
 */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range: string = ip.range();
  const [p0 = 0, p1 = 0, p2 = 0, , , , p6 = 0, p7 = 0] = ip.parts;
  const octets = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  if (range === 'ipv4Mapped' || range === 'rfc6145') return octets(p6, p7);
  if (range === 'rfc6052' && p0 === 0x64 && p1 === 0xff9b && p2 === 0) return octets(p6, p7);
  if (range === '6to4') return octets(p1, p2);
  return null;
}
