import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments and READMEs may cite only documents that are in the repository: the PBX facts the code relies
// on are in docs/pbx/ (see docs/pbx/README.md). This test fails, naming file:line, on a citation of a
// document a newcomer cannot open (a numbered section of the vendor's interface document, the research
// notes it was built from, a numbered issue of a tracker, a path outside the repository) and on a
// docs/… page, or a heading of one, that does not exist.
const root = resolve(import.meta.dirname, '../../..');

const SOURCE = /\.(ts|mts|mjs|vue)$/;
const MARKDOWN = /\.md$/;

/** Files this test reads: tracked plus new (not ignored) source files and every Markdown file. */
function scannedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = out
    .split('\0')
    .filter((f) => f && !f.split('/').includes('node_modules') && !f.split('/').includes('dist'))
    .filter((f) => SOURCE.test(f) || MARKDOWN.test(f));
  return [...new Set(files)].filter((f) => existsSync(join(root, f))).sort();
}

/** Citations of documents outside the repository. `\u00a7` is the section sign. */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a numbered section of a document outside the repository', pattern: /\u00a7\s*\d/ },
  { what: 'the PBX research notes (outside the repository)', pattern: /\bfield[\s_-]+notes?\b/i },
  { what: 'the vendor interface document (outside the repository)', pattern: /\bpbx-api-spec\b/i },
  { what: 'a numbered issue of a tracker', pattern: /\bissues?\s+(no\.?\s*)?#?\d+/i },
  { what: 'a path to the shared folder outside the repository', pattern: /(^|[\s`'"(])(\.\.\/)+shared\//i },
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const headingCache = new Map<string, { names: Set<string>; anchors: Set<string> }>();

/** Headings of a Markdown file (outside code fences), by name (lower case) and by anchor. */
function headingsOf(file: string): { names: Set<string>; anchors: Set<string> } {
  const cached = headingCache.get(file);
  if (cached) return cached;
  const names = new Set<string>();
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m?.[1]) continue;
    const text = m[1].replace(/`/g, '');
    names.add(text.toLowerCase());
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  const result = { names, anchors };
  headingCache.set(file, result);
  return result;
}

/** Checks one cited document (absolute path) and its optional anchor or heading name. */
function checkTarget(
  target: string,
  anchor: string | undefined,
  heading: string | undefined,
): string | undefined {
  const shown = relative(root, target).split('\\').join('/');
  if (!existsSync(target)) return `cites ${shown}, which does not exist`;
  if (anchor !== undefined && !headingsOf(target).anchors.has(anchor.toLowerCase())) {
    return `cites ${shown}#${anchor}, but ${shown} has no heading with that anchor`;
  }
  if (heading !== undefined && !headingsOf(target).names.has(heading.trim().toLowerCase())) {
    return `cites ${shown}, "${heading.trim()}", but ${shown} has no heading of that name`;
  }
  return undefined;
}

/** `docs/….md`, optionally `#anchor`, optionally followed by `, Heading name)` (a section cited by name). */
const DOC_PATH = /(?<![\w./-])((?:\.\.?\/)*docs\/[\w./-]*?\.md)(?:#([\w-]+))?(?:,\s+([^,()\n]+?)\))?/g;
/** A relative Markdown link `](target.md#anchor)` or `](#anchor)`. */
const MD_LINK = /\]\((?!https?:|mailto:)([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g;

/** Problems of one file's text, as `file:line: message`. */
function problemsIn(file: string, text: string): string[] {
  const problems: string[] = [];
  const isMarkdown = MARKDOWN.test(file);
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(raw)) problems.push(`${where}: cites ${what}: ${raw.trim()}`);
    }
    let line = raw;
    if (isMarkdown) {
      for (const m of raw.matchAll(MD_LINK)) {
        const [, path, anchor] = m;
        const target = path ? resolve(root, dirname(file), path) : join(root, file);
        const problem = checkTarget(target, anchor, undefined);
        if (problem) problems.push(`${where}: ${problem}`);
      }
      line = raw.replace(MD_LINK, '](…)');
    }
    for (const m of line.matchAll(DOC_PATH)) {
      const [, path = '', anchor, heading] = m;
      // A path written from the repository root, or relative to the citing file (`../../docs/…`).
      const target = path.startsWith('.')
        ? resolve(root, dirname(file), path)
        : join(root, posix.normalize(path));
      const problem = checkTarget(target, anchor, heading);
      if (problem) problems.push(`${where}: ${problem}`);
    }
  });
  return problems;
}

describe('documents cited in comments and READMEs', () => {
  it('finds what it must (self-check on made-up lines)', () => {
    // Built from pieces, so that this file does not itself hold the citations it looks for.
    const bad = [
      ' * Lifetimes (spec \u00a74.2).',
      '// see the fie' + 'ld notes',
      '/** the targets of iss' + 'ue 7 */',
      'interface of `../../../sh' + 'ared/pbx-api-sp' + 'ec.md`',
      ' * (docs/pbx/' + 'no-such-page.md)',
      ' * (docs/pbx/' + 'README.md#no-such-heading)',
      ' * (docs/pbx/' + 'README.md, No such heading)',
    ];
    const problems = problemsIn('libs/x/src/example.ts', bad.join('\n'));
    for (let line = 1; line <= bad.length; line++) {
      expect(problems.some((p) => p.startsWith(`libs/x/src/example.ts:${line}:`))).toBe(true);
    }
    const good = [' * (docs/pbx/README.md)', ' * an issue we fixed', ' * 7 issues'];
    expect(problemsIn('libs/x/src/example.ts', good.join('\n'))).toEqual([]);
    expect(problemsIn('docs/pbx/README.md', '[x](./missing.md)')).toHaveLength(1);
  });

  it('every citation points at a document, and a section, that is in the repository', () => {
    const problems = scannedFiles().flatMap((file) =>
      problemsIn(file, readFileSync(join(root, file), 'utf8')),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
