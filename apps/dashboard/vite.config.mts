import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig } from 'vite';

const gateway = process.env['GATEWAY_URL'] ?? 'http://localhost:3000';

// Workspace libs resolve to their TypeScript sources (the `@switchboard/source` export condition),
// so the dashboard never needs a prior build of live-protocol.
export default defineConfig({
  base: '/',
  plugins: [vue()],
  resolve: { conditions: ['@switchboard/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    // The gateway checks the Origin against the Host, so the Host header is passed through unchanged.
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Framework and socket code in their own long-cached chunks; every route is lazy, so a
        // wallboard TV never downloads the console.
        codeSplitting: {
          groups: [
            { name: 'vue', test: /node_modules[\\/](@vue|vue|vue-router|pinia)[\\/]/, priority: 2 },
            {
              name: 'socket',
              test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
