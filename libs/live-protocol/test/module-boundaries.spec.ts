import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the boundary rules bite: a forbidden import must fail lint. The rule reads Nx's project graph,
// so build it first (nx does this for `nx run-many`; a bare vitest run may not have one yet).
const root = resolve(import.meta.dirname, '../../..');

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  // A file the linter could not parse (say, one no tsconfig includes) reports no rule at all: fail loudly.
  const fatal = (result?.messages ?? []).filter((m) => m.fatal === true);
  if (fatal.length > 0) throw new Error(`${filePath} could not be linted: ${fatal[0]?.message}`);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@nx/enforce-module-boundaries')
    .map((m) => m.message);
}

describe('module boundaries', () => {
  beforeAll(async () => {
    await createProjectGraphAsync({ exitOnError: false });
  }, 60_000);

  it('a lib importing the PBX client from the shared contract fails lint', async () => {
    const errors = await lintAs(
      'libs/live-protocol/src/result.ts',
      "import { PbxClient } from '@switchboard/pbx-api';\nexport const x = PbxClient;\n",
    );
    expect(errors.join('\n')).toMatch(/scope:shared/);
    // Typed linting builds a TypeScript program first: slow on a busy 2-core machine.
  }, 120_000);

  it('the same import is allowed where the rules permit it', async () => {
    const errors = await lintAs(
      'apps/gateway/src/pbx/pbx-connection.service.ts',
      "import { PbxClient } from '@switchboard/pbx-api';\nexport const x = PbxClient;\n",
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it('the dashboard reaches the PBX client’s rules entry, and never the client itself', async () => {
    const file = 'apps/dashboard/src/admin/parts/use-admin-rules.ts';
    expect(
      await lintAs(
        file,
        "import { validate } from '@switchboard/pbx-api/rules';\nexport const x = validate;\n",
      ),
    ).toEqual([]);
    const client = await lintAs(
      file,
      "import { PbxClient } from '@switchboard/pbx-api';\nexport const x = PbxClient;\n",
    );
    expect(client.join('\n')).toMatch(/scope:browser/);
  }, 120_000);

  it('nx graph lists every project with its scope and type tags', () => {
    const dir = mkdtempSync(join(tmpdir(), 'graph-'));
    try {
      const file = join(dir, 'graph.json');
      execFileSync('npx', ['nx', 'graph', `--file=${file}`], {
        cwd: root,
        stdio: 'pipe',
        env: { ...process.env, NX_DAEMON: 'false' },
      });
      const graph = JSON.parse(readFileSync(file, 'utf8')) as {
        graph: { nodes: Record<string, { data: { tags?: string[] } }> };
      };
      for (const node of Object.values(graph.graph.nodes)) {
        const tags = node.data.tags ?? [];
        expect(tags.some((t) => t.startsWith('scope:'))).toBe(true);
        expect(tags.some((t) => t.startsWith('type:'))).toBe(true);
      }
      expect(graph.graph.nodes['pbx-api']?.data.tags).toEqual(
        expect.arrayContaining(['scope:pbx', 'type:lib']),
      );
      expect(graph.graph.nodes['live-protocol']?.data.tags).toEqual(
        expect.arrayContaining(['scope:shared', 'type:lib']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
