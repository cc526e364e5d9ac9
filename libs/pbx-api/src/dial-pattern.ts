/**
 * Dial patterns as the PBX writes the DID and caller-ID patterns of inbound routes
 * (docs/pbx/configuration.md#dial-patterns; the syntax is Asterisk's): `_` starts a pattern; X is a digit, Z
 * 1-9, N 2-9, `[1-5a]` a set (ranges allowed), `.` one or more characters, `!` zero or more; anything else is
 * itself. Without the `_` the text is one exact number. A set without its `]` matches nothing. Shared by the
 * gateway (which route a held call takes) and the simulator (which route a DID reaches), so both read a
 * pattern alike.
 */
const patternCache = new Map<string, RegExp>();

/** Whether `value` (a DID or caller number) is one `pattern` covers. */
export function dialPatternMatches(pattern: string, value: string): boolean {
  if (!pattern.startsWith('_')) return pattern === value;
  let regex = patternCache.get(pattern);
  if (!regex) {
    regex = patternRegExp(pattern);
    if (patternCache.size > 1_000) patternCache.clear();
    patternCache.set(pattern, regex);
  }
  return regex.test(value);
}

function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 1; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    const upper = ch.toUpperCase();
    if (upper === 'X') source += '\\d';
    else if (upper === 'Z') source += '[1-9]';
    else if (upper === 'N') source += '[2-9]';
    else if (ch === '.') source += '.+';
    else if (ch === '!') source += '.*';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i);
      if (end === -1) return /(?!)/;
      // Inside a set only a range dash keeps its meaning; escape what a RegExp would read otherwise.
      source += `[${pattern.slice(i + 1, end).replace(/[\\^\]]/g, '\\$&')}]`;
      i = end;
    } else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return /(?!)/;
  }
}
