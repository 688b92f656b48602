#!/usr/bin/env node
// Builds what ahd runs: tsc compiles src/ into dist/src/, then the files the modules read next to themselves
// (isolate sources, prompt texts, the ONNX schema) are copied beside the compiled modules. Instance data stays in
// problems/<id>/data/ and is read from the project root. Runs in `npm ci` (the prepare script) and before `npm test`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) {
  process.stderr.write('ahd build: tsc failed\n');
  process.exit(compiled.status ?? 1);
}

let copied = 0;
copyAssets(join(root, 'src'));
process.stderr.write(`ahd build: compiled into dist/, ${copied} asset files copied\n`);

/** Copies every file that is not TypeScript, keeping the mtime check cheap: unchanged files are skipped. */
function copyAssets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      copyAssets(path);
      continue;
    }
    if (entry.name.endsWith('.ts')) continue;
    const target = join(out, relative(root, path));
    if (isCurrent(path, target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(path, target);
    copied++;
  }
}

function isCurrent(source, target) {
  try {
    const s = statSync(source);
    const t = statSync(target);
    return t.size === s.size && t.mtimeMs >= s.mtimeMs;
  } catch {
    return false;
  }
}
