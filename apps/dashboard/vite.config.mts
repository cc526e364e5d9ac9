import { createHash } from 'node:crypto';
import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const gateway = process.env['GATEWAY_URL'] ?? 'http://localhost:3000';

/**
 * Names the build in index.html (`<meta name="switchboard-build">`): a hash of the bundle's file names, which
 * change with their content. The gateway announces the id of the build it serves, and a board page loaded
 * from another build reloads itself. The dev server's pages carry no id and never reload.
 */
function buildId(): Plugin {
  return {
    name: 'switchboard-build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const names = Object.keys(context.bundle ?? {})
          .sort()
          .join('\n');
        const id = `b-${createHash('sha256').update(names).digest('hex').slice(0, 16)}`;
        return [{ tag: 'meta', attrs: { name: 'switchboard-build', content: id }, injectTo: 'head' }];
      },
    },
  };
}

// Workspace libs resolve to their TypeScript sources (the `@switchboard/source` export condition),
// so the dashboard never needs a prior build of live-protocol.
export default defineConfig({
  base: '/',
  plugins: [vue(), buildId()],
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
