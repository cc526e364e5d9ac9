/**
 * DID patterns of inbound routes: a plain number, or a dial pattern starting with `_` where X is any digit,
 * Z is 1-9, N is 2-9, [..] a set, `.` one or more characters and `!` zero or more.
 */
const cache = new Map<string, RegExp>();

function toRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 1; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === 'X' || ch === 'x') source += '\\d';
    else if (ch === 'Z' || ch === 'z') source += '[1-9]';
    else if (ch === 'N' || ch === 'n') source += '[2-9]';
    else if (ch === '.') source += '.+';
    else if (ch === '!') source += '.*';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i);
      if (end === -1) return /(?!)/;
      source += `[${pattern.slice(i + 1, end).replace(/[\\^\]]/g, '\\$&')}]`;
      i = end;
    } else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether `did` is served by `pattern`. */
export function didMatches(pattern: string, did: string): boolean {
  if (!pattern.startsWith('_')) return pattern === did;
  let regex = cache.get(pattern);
  if (!regex) {
    regex = toRegExp(pattern);
    if (cache.size > 1_000) cache.clear();
    cache.set(pattern, regex);
  }
  return regex.test(did);
}
