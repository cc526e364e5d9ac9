import { defineConfig } from 'vitest/config';

// Nest's dependency injection reads decorator metadata: have vite's oxc transform emit it.
export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  resolve: { conditions: ['@switchboard/source'] },
  ssr: { resolve: { conditions: ['@switchboard/source'] } },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
