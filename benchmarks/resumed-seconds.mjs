#!/usr/bin/env node
// Corrects summary.json "seconds" of finished runs that were resumed and made by a version of ahd that counted only
// the last session (before the fix of 2026-12-01): seconds += the earlier sessions' wall time from events.jsonl,
// the rule `ahd run` now applies itself. A run whose seconds already include them (closer to earlier + last
// session than to the last session alone) is left as it is, so running this twice changes nothing.
//   node benchmarks/resumed-seconds.mjs <results-dir> [...]     (needs dist/: npm run build)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEvents, sessionSeconds } from '../dist/src/engine/events.js';

for (const root of process.argv.slice(2)) {
  for (const name of readdirSync(join(root, 'runs'))) {
    const dir = join(root, 'runs', name);
    const summaryPath = join(dir, 'summary.json');
    const eventsPath = join(dir, 'events.jsonl');
    if (!existsSync(summaryPath) || !existsSync(eventsPath)) continue;
    const sessions = sessionSeconds(readEvents(eventsPath));
    if (sessions.length < 2) continue;
    const earlier = sessions.slice(0, -1).reduce((a, b) => a + b, 0);
    const last = sessions.at(-1);
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
    if (Math.abs(summary.seconds - last) >= Math.abs(summary.seconds - (earlier + last))) continue;
    const seconds = Math.round((summary.seconds + earlier) * 1000) / 1000;
    console.log(`${dir}: ${sessions.length} sessions, seconds ${summary.seconds} -> ${seconds}`);
    writeFileSync(summaryPath, `${JSON.stringify({ ...summary, seconds }, null, 2)}\n`);
  }
}
