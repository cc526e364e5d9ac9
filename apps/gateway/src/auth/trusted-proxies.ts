import { BlockList, isIP } from 'node:net';

/** Strips the IPv4-mapped IPv6 prefix (`::ffff:10.0.0.1`) Node reports for IPv4 clients of a dual-stack socket. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/**
 * The addresses of the reverse proxies whose identity headers are believed. Entries are single addresses
 * (`10.0.0.5`, `::1`) or networks (`10.0.0.0/24`). Anything else is reported as a problem, not silently
 * ignored: a typo here would otherwise lock everyone out or, worse, trust the wrong host.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly problems: string[] = [];
  readonly size: number;

  constructor(entries: readonly string[]) {
    let count = 0;
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address);
      if (family === 0) {
        this.problems.push(`TRUSTED_PROXIES entry ${JSON.stringify(entry)} is not an IP address or network`);
        continue;
      }
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) {
        this.list.addAddress(address, type);
      } else {
        const bits = Number(prefix);
        if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
          this.problems.push(`TRUSTED_PROXIES entry ${JSON.stringify(entry)} has an invalid prefix length`);
          continue;
        }
        this.list.addSubnet(address, bits, type);
      }
      count++;
    }
    this.size = count;
  }

  /** True when `address` (as the socket reports it) is one of the trusted proxies. */
  trusts(address: string | undefined): boolean {
    if (!address || this.size === 0) return false;
    const normalised = normaliseAddress(address);
    const family = isIP(normalised);
    if (family === 0) return false;
    return this.list.check(normalised, family === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * The client's address: the socket's peer, or, when that peer is a trusted proxy, the nearest address in
   * `X-Forwarded-For` that is not itself a trusted proxy (entries added by untrusted hops are ignored).
   */
  clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined): string {
    const direct = normaliseAddress(peer ?? '');
    if (!this.trusts(direct)) return direct || 'unknown';
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
    const hops = header
      .split(',')
      .map((hop) => normaliseAddress(hop))
      .filter((hop) => hop !== '');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] ?? '';
      if (!this.trusts(hop)) return hop;
    }
    return hops[0] ?? direct;
  }
}
