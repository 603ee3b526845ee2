import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Main-process bundles. `headless`, `cli`, `runner` and `testing` must run under plain Node,
// so nothing on their import path may import 'electron' (checked in tests/unit/layering).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/main/cli/index.ts'),
          runner: resolve('src/main/sandbox/host/runner.ts'),
          // Python steps: Pyodide in a runner process of its own (src/main/sandbox/python-host/).
          'python-runner': resolve('src/main/sandbox/python-host/runner.ts'),
          // runnel/testing: the test harness library (package.json exports "./testing").
          testing: resolve('src/main/testing/index.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // The web UI is also served over HTTP to a browser: a third of the bytes to fetch and parse.
      minify: true,
      // One bundle on purpose (the app is local; no network to split for).
      chunkSizeWarningLimit: 2048,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
