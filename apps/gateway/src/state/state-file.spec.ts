import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { list, object, positive, text } from './shape.js';
import { StateFile, StateFileError } from './state-file.js';
import type { StateFileFormat } from './state-formats.js';

const FORMAT_V1: StateFileFormat = { version: 1, migrations: {} };

interface Doc {
  items: { id: number; name: string }[];
}

const check = object<Doc>({
  items: list(object<{ id: number; name: string }>({ id: positive, name: text })),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('StateFile', () => {
  let dir: string;
  let state: Doc;
  let snapshots: number;
  const errors: unknown[] = [];
  const open = (coalesceMs = 0, path = join(dir, 'doc.json'), format: StateFileFormat = FORMAT_V1) =>
    new StateFile<Doc>({
      path,
      format,
      what: 'test items',
      check,
      snapshot: () => {
        snapshots++;
        return { items: state.items.map((item) => ({ ...item })) };
      },
      coalesceMs,
      onError: (error) => errors.push(error),
    });
  /** The state changes to `items` and `file` is told so, as a store does. */
  const change = (file: StateFile<Doc>, items: Doc['items']) => {
    state.items = items;
    file.changed();
  };
  const onDisk = () => JSON.parse(readFileSync(join(dir, 'doc.json'), 'utf8')) as Doc & { version: number };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'state-file-'));
    state = { items: [] };
    snapshots = 0;
    errors.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a missing file as empty state', async () => {
    expect(await open().read()).toBeUndefined();
  });

  it('writes the whole document, with its version, readable by the next process', async () => {
    const file = open();
    state.items.push({ id: 1, name: 'one' });
    await file.save();
    expect(onDisk()).toEqual({ version: 1, items: [{ id: 1, name: 'one' }] });
    expect(await open().read()).toEqual({ version: 1, items: [{ id: 1, name: 'one' }] });
    // The files name sessions and users: only the gateway's user reads them.
    const { statSync } = await import('node:fs');
    expect(statSync(join(dir, 'doc.json')).mode & 0o777).toBe(0o600);
  });

  it('replaces the file atomically: a reader never sees a torn document while writes go on', async () => {
    const file = open();
    const big = 'x'.repeat(2_000);
    let reads = 0;
    let writes = 0;
    let stop = false;
    const reader = (async () => {
      while (!stop) {
        const text = await readFile(join(dir, 'doc.json'), 'utf8').catch(() => undefined);
        if (text !== undefined) {
          const doc = JSON.parse(text) as Doc; // throws on a torn file
          expect(doc.items).toHaveLength(doc.items[0]?.id ?? 0);
          reads++;
        }
      }
    })();
    for (let n = 1; n <= 60; n++) {
      // Documents of different sizes (60 to 120 KB): a torn one would not parse or not add up.
      state.items = Array.from({ length: n }, () => ({ id: n, name: big.slice(0, 1_000 + (n % 7) * 100) }));
      await file.save();
      writes++;
    }
    stop = true;
    await reader;
    console.log(`atomic replace: ${writes} writes, ${reads} complete reads, 0 torn`);
    expect(reads).toBeGreaterThan(10);
    expect(onDisk().items).toHaveLength(60);
    // No temporary file left behind.
    expect(readdirSync(dir)).toEqual(['doc.json']);
  });

  it('coalesces changes: one write in flight, everything changed meanwhile in the next one, latest state wins', async () => {
    const file = open();
    for (let n = 1; n <= 100; n++) {
      change(file, [{ id: n, name: `v${n}` }]);
    }
    await sleep(10);
    for (let n = 101; n <= 200; n++) {
      change(file, [{ id: n, name: `v${n}` }]);
    }
    await file.close();
    console.log(`coalescing: 200 changes -> ${snapshots} writes`);
    expect(snapshots).toBeLessThanOrEqual(3);
    expect(onDisk().items).toEqual([{ id: 200, name: 'v200' }]);
  });

  it('waits `coalesceMs` before writing, so a burst of changes is one write', async () => {
    const file = open(200);
    change(file, [{ id: 1, name: 'a' }]);
    change(file, [{ id: 2, name: 'b' }]);
    await sleep(80);
    expect(() => readFileSync(join(dir, 'doc.json'))).toThrow(/ENOENT/);
    await sleep(250);
    expect(snapshots).toBe(1);
    expect(onDisk().items).toEqual([{ id: 2, name: 'b' }]);
  });

  it('writes what is pending on close, and nothing after', async () => {
    const file = open(60_000);
    change(file, [{ id: 7, name: 'pending' }]);
    await file.close();
    expect(onDisk().items).toEqual([{ id: 7, name: 'pending' }]);
    change(file, []);
    await sleep(20);
    expect(onDisk().items).toHaveLength(1);
  });

  it('refuses a file that is not JSON, naming the file, on one line', async () => {
    writeFileSync(join(dir, 'doc.json'), '{"version":1,\n"items": [tor');
    const error = (await open()
      .read()
      .catch((e: unknown) => e)) as StateFileError;
    expect(error).toBeInstanceOf(StateFileError);
    expect(error.message).toContain(join(dir, 'doc.json'));
    expect(error.message).toMatch(/is not valid JSON/);
    expect(error.message).not.toContain('\n');
  });

  it('refuses an empty (truncated) file instead of starting empty', async () => {
    writeFileSync(join(dir, 'doc.json'), '');
    await expect(open().read()).rejects.toThrow(/doc\.json is not valid JSON/);
  });

  it('refuses a document of the wrong shape, saying where', async () => {
    writeFileSync(
      join(dir, 'doc.json'),
      JSON.stringify({ version: 1, items: [{ id: 1, name: 'a' }, { id: -2 }] }),
    );
    await expect(open().read()).rejects.toThrow(
      /doc\.json is not a valid file of test items: items\[1\]\.id must be a whole number above 0/,
    );
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ version: 1, items: {} }));
    await expect(open().read()).rejects.toThrow(/items must be a list/);
  });

  it('refuses a file of a newer version, or with no version', async () => {
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ version: 2, items: [] }));
    await expect(open().read()).rejects.toThrow(
      /doc\.json is of format version 2, written by a newer gateway \(this one reads up to 1\)/,
    );
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ items: [] }));
    await expect(open().read()).rejects.toThrow(/has no valid format version \(version: none/);
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ version: 0.5, items: [] }));
    await expect(open().read()).rejects.toThrow(/has no valid format version \(version: 0\.5/);
    writeFileSync(join(dir, 'doc.json'), JSON.stringify([]));
    await expect(open().read()).rejects.toThrow(/is not a file of test items \(not a JSON object\)/);
  });

  it('migrates an older version step by step, then checks it and writes the current version', async () => {
    // Version 1 named the list `entries`; version 2 `items`; version 3 gave each item a name.
    const format: StateFileFormat = {
      version: 3,
      migrations: {
        1: ({ entries, ...rest }) => ({ ...rest, items: entries }),
        2: (doc) => ({
          ...doc,
          items: (doc['items'] as { id: number }[]).map((item) => ({ name: '', ...item })),
        }),
      },
    };
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ version: 1, entries: [{ id: 4 }] }));
    const file = open(0, join(dir, 'doc.json'), format);
    expect(await file.read()).toEqual({ version: 3, items: [{ id: 4, name: '' }] });
    state = { items: [{ id: 4, name: '' }] };
    await file.save();
    expect(onDisk().version).toBe(3);
  });

  it('refuses an older version it has no migration for, naming the missing step', async () => {
    const format: StateFileFormat = { version: 3, migrations: { 2: (doc) => doc } };
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ version: 1, items: [] }));
    await expect(open(0, join(dir, 'doc.json'), format).read()).rejects.toThrow(
      /is of format version 1, and no migration to version 2 exists/,
    );
  });

  it('refuses a file it cannot read', async () => {
    mkdirSync(join(dir, 'doc.json'));
    await expect(open().read()).rejects.toThrow(/doc\.json could not be read \(EISDIR\)/);
  });

  it('reports a failed write, rejects whoever waits for it, and writes once it can again', async () => {
    const sub = join(dir, 'sub');
    const file = open(0, join(sub, 'doc.json'));
    state.items = [{ id: 1, name: 'a' }];
    // The directory is missing: the write fails.
    await expect(file.save()).rejects.toThrow(/ENOENT/);
    expect(errors).toHaveLength(1);
    mkdirSync(sub);
    chmodSync(sub, 0o700);
    // Retried by itself (after about a second), without a new change.
    await sleep(1_300);
    expect(JSON.parse(readFileSync(join(sub, 'doc.json'), 'utf8'))).toEqual({
      version: 1,
      items: [{ id: 1, name: 'a' }],
    });
  });
});
