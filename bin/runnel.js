#!/usr/bin/env node
// The `runnel` command: runs the built CLI (npm ci builds it through the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('runnel: the app is not built yet; run `npm run build` first\n');
  process.exit(1);
}
await import(cli.href);
