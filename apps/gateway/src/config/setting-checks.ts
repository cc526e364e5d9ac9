import ipaddr from 'ipaddr.js';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { shown, type Ctx, problem, setting } from './setting-readers.js';

/** Checks of single values: files, directories, time zones, addresses, origins, header names, URLs. */

/** PBX_CA_FILE: the PEM text of the file it names. */
export function caFile(path: string | undefined, ctx: Ctx): string | null {
  if (path === undefined) return null;
  try {
    const pem = readFileSync(path, 'utf8');
    if (pem.includes('-----BEGIN CERTIFICATE-----')) return pem;
    problem(ctx, `${path} does not contain a PEM certificate`);
  } catch (error) {
    problem(ctx, `${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return null;
}

/** DATA_DIR as an absolute path; it need not exist yet (it is created at start), but must not be a file. */
export function dataDir(value: string | undefined, ctx: Ctx): string {
  const dir = resolve(value ?? 'data');
  try {
    if (!statSync(dir).isDirectory()) problem(ctx, `${dir} is not a directory`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problem(ctx, `${dir} could not be read (${code ?? 'error'})`);
  }
  return dir;
}

export function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `10.0.0.5`, `::1` or a network `10.0.0.0/24`, as TrustedProxies reads them. */
export function proxyEntryProblem(entry: string): string | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return 'is not an IP address or network';
  if (prefix !== undefined && (!/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)))
    return 'has an invalid prefix length';
  return undefined;
}

/** What origin-policy can compare: an http(s) URL's origin. */
export function originProblem(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '')
      return undefined;
  } catch {
    // reported below
  }
  return 'is not an origin like https://intranet.example';
}

/** An HTTP header name (RFC 9110 token); Node gives header names in lower case. */
export const headerName = (fallback: string) =>
  setting({ default: fallback }, (value, ctx) => {
    if (value === undefined) return fallback;
    if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) return value.toLowerCase();
    problem(ctx, `must be an HTTP header name, got ${shown(value)}`);
    return fallback;
  });

/** A URL, shown without any user:password in it. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

/** An entry of ALERT_TARGETS_ALLOWED: a host name, an IP address, or a network in CIDR form. */
export function alertTargetProblem(entry: string): string | undefined {
  if (ipaddr.isValid(entry)) return undefined;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return undefined;
    } catch {
      return 'is not a network like 10.1.0.0/16';
    }
  }
  return /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
    entry,
  )
    ? undefined
    : 'is not a host name, IP address or network (CIDR)';
}
