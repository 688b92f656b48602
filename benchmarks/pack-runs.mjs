#!/usr/bin/env node
// Packs a study's finished runs into <study>/runs.zip, the one file per study that `ahd table --from`, `ahd report`
// (src/engine/run-dir/run-source.ts) and the study scripts (benchmarks/runfiles.py) read in place of the directories.
//   node benchmarks/pack-runs.mjs <study dir> [...]
// Packed, at their paths relative to the study: every file under a runs/ folder of the study, and every file of a
// run directory (a folder holding config.json) elsewhere in it; never population/ snapshots, event logs or *.log
// (resume state and logs, which git ignores there). Byte-stable: entries sorted by path, one fixed timestamp, so
// the same files always pack to the same bytes. The packed files stay: delete them (git rm -r) once runs.zip
// holds them. A study that has a runs.zip already is refused (an archive is packed once, never rewritten).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';

const ARCHIVE = 'runs.zip';
const SKIPPED = (name) => name === 'population' || name === 'events.jsonl' || name.endsWith('.log');
// A local-time date: zip stores local wall-clock fields, so this gives the same bytes in every time zone.
const MTIME = new Date(2000, 0, 1);

/** Paths (relative to the study, '/'-separated) of the files to pack below `rel`. */
function packed(study, rel = '', inRuns = false) {
  const dir = join(study, rel);
  const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !SKIPPED(e.name));
  const whole = inRuns || existsSync(join(dir, 'config.json'));
  return entries.flatMap((entry) => {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) return packed(study, path, whole || entry.name === 'runs');
    return whole && entry.isFile() ? [path] : [];
  });
}

function pack(study) {
  const archive = join(study, ARCHIVE);
  if (existsSync(archive)) throw new Error(`${archive} exists: an archive is packed once (delete it to pack again)`);
  const paths = packed(study).sort();
  if (paths.length === 0) throw new Error(`${study}: no run directory or runs/ folder to pack`);
  const files = Object.fromEntries(paths.map((path) => [path, [readFileSync(join(study, path)), { level: 9, mtime: MTIME }]]));
  const bytes = zipSync(files);
  writeFileSync(archive, bytes);
  console.log(`${archive}: ${paths.length} files, ${bytes.length} bytes`);
}

const studies = process.argv.slice(2);
if (studies.length === 0) {
  console.error('usage: node benchmarks/pack-runs.mjs <study dir> [...]');
  process.exit(2);
}
try {
  studies.forEach(pack);
} catch (error) {
  console.error(`pack-runs: ${error.message}`);
  process.exit(1);
}
