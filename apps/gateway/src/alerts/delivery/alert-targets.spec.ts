import { describe, expect, it } from 'vitest';
import { TargetPolicy, parseAllowedTargets, type AllowedTarget, type HostResolver } from './alert-targets.js';

function allowList(text: string): AllowedTarget[] {
  const parsed = parseAllowedTargets(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.targets;
}

/** A resolver that knows a few names and counts its look-ups. */
function fakeDns(table: Record<string, string[]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('parseAllowedTargets', () => {
  it('reads host names, addresses and networks, ignoring blanks and case', () => {
    const parsed = parseAllowedTargets(' Hooks.Slack.com, 10.1.0.0/16 ,127.0.0.1,, fd00::/8, [::1]');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.targets.map((t) => (t.kind === 'host' ? t.host : t.text))).toEqual([
      'hooks.slack.com',
      '10.1.0.0/16',
      '127.0.0.1',
      'fd00::/8',
      '[::1]',
    ]);
  });

  it('gives an empty list for an empty setting', () => {
    expect(parseAllowedTargets('')).toEqual({ ok: true, targets: [] });
  });

  it.each([
    ['https://hooks.slack.com', 'is a URL: list its host name only'],
    ['10.0.0.300', 'is not a host name'],
    ['10.0.0.0/33', 'prefix length must be 0 to 32'],
    ['fd00::/129', 'prefix length must be 0 to 128'],
    ['10.1/16', 'is not a CIDR network'],
    ['*.example.com', 'wildcard'],
    ['bad_host!', 'is not a host name'],
  ])('names the bad entry %s', (entry, words) => {
    const parsed = parseAllowedTargets(`hooks.slack.com, ${entry}`);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem).toContain(`"${entry}"`);
    expect(parsed.problem).toContain(words);
  });
});

describe('TargetPolicy', () => {
  const policy = new TargetPolicy([], { resolve: fakeDns({}) });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.20.30.40', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['[fc00::1]', 'unique-local'],
    ['[fe80::1]', 'link-local'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['[64:ff9b::a00:1]', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['[::7f00:1]', 'reserved'],
  ])('refuses %s (%s)', async (host, words) => {
    const result = await policy.check(`https://${host}/hook/secret-token?key=abc`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain(words);
    expect(result.reason).not.toMatch(/secret-token|key=abc|hook/);
    expect(result.retryable).toBe(false);
  });

  it.each([
    ['93.184.216.34', '93.184.216.34', 4],
    ['[2606:4700::1]', '2606:4700::1', 6],
    ['[::ffff:93.184.216.34]', '::ffff:5db8:d822', 6],
  ])('allows the public address %s without listing it', async (host, address, family) => {
    const result = await policy.check(`https://${host}/x`);
    expect(result).toMatchObject({ ok: true, address, family });
  });

  it('resolves names and gives the checked address to connect to', async () => {
    const dns = fakeDns({ 'hooks.example.com': ['93.184.216.34', '2606:4700::1'] });
    const result = await new TargetPolicy([], { resolve: dns }).check('https://hooks.example.com/a/b');
    expect(result).toMatchObject({ ok: true, address: '93.184.216.34', family: 4 });
    if (result.ok) expect(result.url.pathname).toBe('/a/b');
    expect(dns.asked).toEqual(['hooks.example.com']);
  });

  it('refuses a name that resolves to one public and one private address', async () => {
    const dns = fakeDns({ 'mixed.example.com': ['93.184.216.34', '10.0.0.5'] });
    const result = await new TargetPolicy([], { resolve: dns }).check('https://mixed.example.com/t0ken');
    expect(result).toMatchObject({ ok: false, retryable: false });
    if (!result.ok) {
      expect(result.reason).toBe(
        'mixed.example.com resolves to 10.0.0.5, a private address: list it in ALERT_TARGETS_ALLOWED to allow it',
      );
    }
  });

  it('lets a listed host name through whatever it resolves to', async () => {
    const dns = fakeDns({ 'receiver.internal': ['127.0.0.1'] });
    const result = await new TargetPolicy(allowList('receiver.internal'), { resolve: dns }).check(
      'http://receiver.internal:8080/x',
    );
    expect(result).toMatchObject({ ok: true, address: '127.0.0.1', family: 4 });
  });

  it('lets a listed address or network through, and nothing next to it', async () => {
    const listed = new TargetPolicy(allowList('127.0.0.1, 10.1.0.0/16, fd00::/8'), { resolve: fakeDns({}) });
    expect((await listed.check('http://127.0.0.1:9000/')).ok).toBe(true);
    expect((await listed.check('http://[::ffff:127.0.0.1]:9000/')).ok).toBe(true);
    expect((await listed.check('http://10.1.200.3/')).ok).toBe(true);
    expect((await listed.check('http://[fd12::5]/')).ok).toBe(true);
    expect((await listed.check('http://127.0.0.2/')).ok).toBe(false);
    expect((await listed.check('http://10.2.0.1/')).ok).toBe(false);
  });

  it('checks the addresses of a name against listed networks', async () => {
    const dns = fakeDns({ 'teams.corp': ['10.1.2.3'] });
    const result = await new TargetPolicy(allowList('10.1.0.0/16'), { resolve: dns }).check(
      'https://teams.corp/',
    );
    expect(result).toMatchObject({ ok: true, address: '10.1.2.3' });
  });

  it('says a name that does not resolve may work later', async () => {
    const result = await new TargetPolicy([], { resolve: fakeDns({}) }).check(
      'https://nowhere.example/p?q=1',
    );
    expect(result).toEqual({ ok: false, reason: 'nowhere.example could not be resolved', retryable: true });
  });

  it('refuses what is not an http(s) URL', async () => {
    expect(await policy.check('ftp://93.184.216.34/x')).toMatchObject({ ok: false, retryable: false });
    expect(await policy.check('not a url')).toMatchObject({ ok: false, retryable: false });
  });
});
