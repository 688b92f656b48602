#!/usr/bin/env node
// Entry point: re-executes Node with the flags the engine needs (isolated-vm wants --no-node-snapshot,
// the sources are TypeScript run through tsx), then hands over to src/cli/main.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'src', 'cli', 'main.ts');
const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href;
const result = spawnSync(
  process.execPath,
  ['--no-node-snapshot', '--import', tsx, main, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
if (result.error) {
  process.stderr.write(`ahd: cannot start node: ${result.error.message}\n`);
  process.exit(1);
}
process.exit(result.status ?? (result.signal ? 128 + 1 : 1));
