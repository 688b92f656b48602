#!/usr/bin/env node
// Entry point: re-executes Node with the flags the engine needs (isolated-vm wants --no-node-snapshot,
// the sources are TypeScript run through tsx), then hands over to src/cli/main.ts. The wrapper stays until the
// child ends, passes stop signals on to it and exits with its status (128 + the signal number if a signal ended it).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'src', 'cli', 'main.ts');
const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href;
const child = spawn(process.execPath, ['--no-node-snapshot', '--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
});

// SIGTERM and a SIGINT sent to this process alone (kill, a supervisor) reach only the wrapper: pass them on, so
// `ahd run` stops cleanly and says how to resume. Ctrl-C in a terminal is sent to the whole foreground process
// group, the child included; passing it on too would be a second signal, which ahd run and ahd serve take as
// "stop at once".
const forward = (signal) => {
  if (signal === 'SIGINT' && inTerminalForeground()) return;
  child.kill(signal);
};
process.on('SIGINT', forward).on('SIGTERM', forward);

child.on('error', (error) => {
  process.stderr.write(`ahd: cannot start node: ${error.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(signal ? 128 + constants.signals[signal] : (code ?? 1)));

/** Whether this process group is its terminal's foreground group (so the keyboard's signals reach the child). */
function inTerminalForeground() {
  try {
    // /proc/self/stat: "pid (comm) state ppid pgrp session tty_nr tpgid ..."; comm may hold spaces and parens.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const [, , pgrp, , , tpgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return pgrp === tpgid;
  } catch {
    return Boolean(process.stdin.isTTY); // no /proc (not Linux): a terminal on stdin is the best guess
  }
}
