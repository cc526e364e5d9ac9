// The result table: rows of figure / measured / target / mark, printed to the terminal and appended to
// BENCHMARKS.md with the run's header (date, machine, versions, exact command).
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';

/** One line of the table. `pass`: true = target met, false = missed, undefined = no target. */
export function row(part, figure, value, { target = '', pass, note = '' } = {}) {
  return { part, figure, value, target, pass, note };
}

/** A row for a part that could not be measured, with the reason. */
export function naRow(part, figure, reason, target = '') {
  return { part, figure, value: 'n/a', target, pass: undefined, note: reason };
}

/** Milliseconds with sensible precision. */
export function ms(value) {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

/** "p50 / p95 / p99 ms" of a summary. */
export function latencyCell(summary) {
  return `${ms(summary.p50)} / ${ms(summary.p95)} / ${ms(summary.p99)} ms`;
}

/** A ratio row: `a / b`, passing when at most `limit` (no target when limit is undefined). */
export function ratioRow(part, figure, a, b, limit) {
  const ratio = a !== undefined && b ? a / b : undefined;
  return row(part, figure, ratio === undefined ? '–' : `${ratio.toFixed(2)}×`, {
    target: limit === undefined ? '' : `≤ ${limit}×`,
    pass: limit === undefined || ratio === undefined ? undefined : ratio <= limit,
  });
}

/** Bytes as KB/MB. */
export function bytes(value) {
  if (value === undefined || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} MB`;
  if (abs >= 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${Math.round(value)} B`;
}

const mark = (pass) => (pass === true ? 'pass' : pass === false ? '**MISS**' : '');
const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The rows as a Markdown table. */
export function renderTable(rows) {
  const lines = [
    '| part | figure | measured | target | mark | notes |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.part} | ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.target)} | ${mark(r.pass)} | ${cell(r.note)} |`,
    );
  return lines.join('\n');
}

/** The whole entry: heading, run facts, table, method notes. */
export function renderEntry({ title, facts, rows, notes }) {
  return [
    `## ${title}`,
    '',
    ...facts.map((fact) => `- ${fact}`),
    '',
    renderTable(rows),
    '',
    ...(notes.length ? ['Method:', '', ...notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
}

const PREAMBLE = `# Benchmarks

Written by \`npm run bench\` (\`npm run bench -- --quick\` for the short set): each run appends one entry with
its date, machine, versions and exact command. The scripts are in \`bench/\`; the targets are listed in
\`bench/README.md\`.
`;

/** Appends an entry to BENCHMARKS.md (created with a preamble when missing). */
export function appendEntry(file, entry) {
  if (!existsSync(file)) writeFileSync(file, `${PREAMBLE}\n`);
  appendFileSync(file, `\n${entry}\n`);
}
