import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../ground/runtime.ts';
import { checkServerCommand } from './check-server.ts';
import { evalCommand } from './eval.ts';
import { exportCommand } from './export.ts';
import { handleError } from './handle-error.ts';
import { probeCommand } from './probe.ts';
import { problemsCommand } from './problems.ts';
import { replayCommand } from './replay.ts';
import { reportCommand } from './report.ts';
import { runCommand } from './run.ts';
import { serveCommand } from './serve.ts';
import { tableCommand } from './table.ts';

/**
 * The `ahd` program. Each command lives in its own file and is wired here with one entry in COMMANDS.
 * bin/ahd.js runs this file under node --no-node-snapshot with tsx.
 */
const COMMANDS: readonly Command[] = [
  problemsCommand,
  evalCommand,
  runCommand,
  probeCommand,
  exportCommand,
  replayCommand,
  reportCommand,
  tableCommand,
  serveCommand,
  checkServerCommand,
];

const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };

export function buildProgram(): Command {
  const program = new Command('ahd')
    .description('automatic heuristic design: evolve heuristics with a language model, optionally tuning its weights with ES')
    .version(version, '-V, --version', 'print the version')
    .showSuggestionAfterError();
  for (const command of COMMANDS) program.addCommand(command);
  // Errors are rendered once, by handleError: commander throws instead of printing and exiting.
  for (const command of [program, ...COMMANDS]) {
    command.exitOverride().configureOutput({ outputError: () => {} });
  }
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    return handleError(error);
  }
}

// A reader that stops early (`ahd problems | head`) closes the pipe: the rest of the output is not wanted, which is
// not a failure of the command; the command goes on (a run still writes its directory) without printing.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await main(process.argv.slice(2));
