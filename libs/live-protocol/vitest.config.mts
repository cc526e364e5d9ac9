import { defineConfig } from 'vitest/config';

// Resolve workspace libs to their TypeScript sources (the `@switchboard/source` export condition),
// so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['@switchboard/source'] },
  ssr: { resolve: { conditions: ['@switchboard/source'] } },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
});
