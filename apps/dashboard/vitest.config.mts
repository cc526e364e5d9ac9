import vue from '@vitejs/plugin-vue';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vue()],
  resolve: { conditions: ['@switchboard/source', ...defaultClientConditions] },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'happy-dom',
    testTimeout: 15_000,
    restoreMocks: true,
  },
});
