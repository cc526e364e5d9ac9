import { nodeProjectConfig } from '../../vitest.shared.mjs';

// Nest's dependency injection reads decorator metadata: have vite's oxc transform emit it.
export default nodeProjectConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: { testTimeout: 20_000, hookTimeout: 30_000 },
});
