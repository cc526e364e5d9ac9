import { nodeProjectConfig } from '../vitest.shared.mjs';

// One browser, one gateway and one simulator at a time: the machine has two cores, and timings (the 1 s
// state-change budget) must not suffer from a neighbouring test file.
export default nodeProjectConfig({
  test: {
    include: ['test/**/*.e2e.spec.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
