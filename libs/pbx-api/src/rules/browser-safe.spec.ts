import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = resolve(SRC, 'rules/index.ts');

/** The modules a file loads at run time: its imports and re-exports the compiler does not erase. */
function runtimeReferences(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const erased =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      if (!erased) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const clause = statement.exportClause;
      const erased =
        statement.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      if (!erased) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** The files reached at run time from `entry`, and every package or Node module they would load. */
function runtimeClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages: string[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeReferences(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) packages.push(`${specifier} (from ${relative(SRC, file)})`);
      else visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return { files: [...files].map((file) => relative(SRC, file)).sort(), packages };
}

describe('the ./rules entry (what the dashboard bundles)', () => {
  it('loads no package and no Node module at run time, only files of this library that load none either', () => {
    const { files, packages } = runtimeClosure(ENTRY);
    expect(packages).toEqual([]);
    // The client, its transport, tokens and the event stream stay out: they need Node, axios and ws.
    expect(files.filter((file) => /^(client|tls|internal\/|events\/|auth\/)/.test(file))).toEqual([]);
    expect(files).toContain('rules/validate.ts');
  });

  it('counts a runtime import or re-export, and skips the ones the compiler erases', () => {
    const text = [
      "import axios from 'axios';",
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "import { type D, e } from './d.js';",
      "export * from './x.js';",
      "export type { F } from './f.js';",
      "export { type G } from './g.js';",
      "import 'node:fs';",
      '// import z from "z" in a comment',
    ].join('\n');
    expect(runtimeReferences('t.ts', text)).toEqual(['axios', './d.js', './x.js', 'node:fs']);
  });
});
