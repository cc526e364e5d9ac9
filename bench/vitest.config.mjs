import { defineConfig } from 'vitest/config';

// The bench's own helpers: pure figures and formatting, the PBX tap's parser, process clean-up, and the
// measuring pipeline end to end against the bare socket.io server.
export default defineConfig({
  test: {
    include: ['test/**/*.spec.mjs'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
