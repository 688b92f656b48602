/**
 * How this copy of ahd runs: compiled to JavaScript (dist/, what `npm ci` builds and bin/ahd.js starts) or from
 * the TypeScript sources through tsx (tests, development). Workers and child processes start the same way as
 * their parent, so the two never mix.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const COMPILED = import.meta.url.endsWith('.js');

/** The module `name` (a sibling path without extension, e.g. './worker') next to `base`, as this build runs it. */
export function moduleUrl(name: string, base: string | URL): URL {
  return new URL(`${name}.${COMPILED ? 'js' : 'ts'}`, base);
}

/** Node flags for a child process that runs ahd modules (isolated-vm wants --no-node-snapshot). */
export function childExecArgv(): string[] {
  if (COMPILED) return ['--no-node-snapshot'];
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--no-node-snapshot', '--import', tsx];
}

/** The project's root directory (package.json, bin/, models/), whichever way this copy runs. */
export const PROJECT_ROOT = fileURLToPath(new URL(COMPILED ? '../../../' : '../../', import.meta.url));

/** The boot module of ahd's worker threads (worker-boot.mjs) and the workerData it needs to load `entry`. */
export const WORKER_BOOT = new URL('./worker-boot.mjs', import.meta.url);
export function workerBootData(entry: URL): { entry: string; fromSource: boolean } {
  return { entry: entry.href, fromSource: !COMPILED };
}
