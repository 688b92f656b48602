#!/usr/bin/env node
// Entry point: runs the compiled CLI (dist/, built by `npm ci`, `npm run build` and `npm test`) in this process.
// AHD_FROM_SOURCE=1 runs the TypeScript sources through tsx instead (development; no build needed). The CLI
// process itself never loads isolated-vm (only the sandbox process does, started with --no-node-snapshot), so
// no re-exec is needed and signals reach the command directly.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.AHD_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
} else {
  const compiled = join(root, 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(compiled)) {
    process.stderr.write('ahd: dist/ is missing: run `npm run build` (npm ci does it), or set AHD_FROM_SOURCE=1\n');
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
}
