import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Vitest settings every Node project shares. Workspace libs resolve to their TypeScript sources (the
 * `@switchboard/source` export condition), so tests never need a prior build. Only that condition is
 * listed: adding `import` here makes Node load ESM entry points for `require()` calls in dependencies.
 */
export function nodeProjectConfig(overrides: ViteUserConfig = {}): ViteUserConfig {
  return defineConfig({
    ...overrides,
    resolve: { conditions: ['@switchboard/source'] },
    ssr: { resolve: { conditions: ['@switchboard/source'] } },
    test: {
      include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
      environment: 'node',
      testTimeout: 15_000,
      ...overrides.test,
    },
  });
}
