import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The gateway's folders from the ground up (the README's "Layers" table says why each sits where it does).
 * A file may import only from its own folder or from a folder listed before its own, so imports run down
 * only and no two folders can import each other. A new folder must be placed here before anything builds.
 */
const LAYERS = [
  // Ground: settings, logs, the OpenAPI builders and the served dashboard's files.
  'config',
  'logging',
  'openapi',
  'static',
  // Ports: the interfaces, tokens and in-memory defaults every feature depends on.
  'metrics',
  'access',
  'ports',
  // The PBX link, the one mapping of its failures, and the shared machinery of features.
  'pbx',
  'errors',
  'polling',
  'auth',
  'http',
  'live',
  'workers',
  'health',
  // Features.
  'uacsta',
  'queues',
  'audit',
  'conferences',
  'inbound',
  'supervision',
  'admin',
  'commands',
  'calls',
  'reports',
  'alerts',
  'api-docs',
  // Adapters that plug into the ports: files in DATA_DIR, Redis.
  'state',
  'cluster',
  // The files at the top of src/: the app module and start-up.
  '.',
] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The folder under src/ a path is in ('.' for the files at the top). */
function folderOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? (parts[0] ?? '.') : '.';
}

/** Every relative import (static, dynamic and `export … from`) of every source file, as folder pairs. */
function folderImports(): { file: string; from: string; to: string }[] {
  return sourceFiles(SRC).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => {
        const target = resolve(dirname(file), fileName);
        return { file: relative(SRC, file), from: folderOf(file), to: folderOf(target) };
      })
      .filter(({ from, to }) => from !== to),
  );
}

describe('the gateway’s folders', () => {
  it('are each placed in the layer table', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    const layered: readonly string[] = LAYERS;
    expect(folders.filter((folder) => !layered.includes(folder))).toEqual([]);
    expect(layered.filter((folder) => folder !== '.' && !folders.includes(folder))).toEqual([]);
  });

  it('import only from folders below their own', () => {
    const rank = (folder: string) => (LAYERS as readonly string[]).indexOf(folder);
    const upward = folderImports()
      .filter(({ from, to }) => rank(to) >= rank(from))
      .map(({ file, to }) => `${file} imports ${to}/`);
    expect(upward).toEqual([]);
  });

  it('sees the imports it judges (a guard that reads nothing would pass)', () => {
    const pairs = new Set(folderImports().map(({ from, to }) => `${from}>${to}`));
    expect(pairs).toContain('queues>pbx');
    expect(pairs).toContain('cluster>ports');
    expect(pairs.size).toBeGreaterThan(50);
  });
});
