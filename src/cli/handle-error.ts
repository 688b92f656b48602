import { CommanderError } from 'commander';
import { settingAt } from '../config/settings.ts';
import { AhdError, exitCodeFor } from '../errors.ts';
import { oneLine } from '../ground/one-line.ts';

/** Commander's own outcomes that are not errors: --help and --version. */
const COMMANDER_SUCCESS = new Set(['commander.helpDisplayed', 'commander.version']);

/**
 * The one place errors become output: a single line `ahd: <message>` on stderr (no stack trace) and the exit
 * status. Usage errors (AhdError 'usage', and every commander parse error) exit 2, everything else 1.
 */
export function handleError(error: unknown): number {
  if (error instanceof CommanderError) {
    if (COMMANDER_SUCCESS.has(error.code)) return 0;
    // `ahd` alone prints the help on stderr (commander.help): nothing to add.
    if (error.code !== 'commander.help') process.stderr.write(`ahd: ${oneLine(error.message.replace(/^error:\s*/, ''))}\n`);
    return 2;
  }
  const message =
    error instanceof AhdError ? asFlag(error) : `internal error: ${error instanceof Error ? error.message : String(error)}`;
  // ahd's own messages are whole (a list of unknown settings can be long); only foreign ones are capped.
  process.stderr.write(`ahd: ${oneLine(message, error instanceof AhdError ? Infinity : undefined)}\n`);
  return exitCodeFor(error);
}

/** A library error about one run setting (`io.out: ...`) said as the command line spells it (`--out: ...`). */
function asFlag(error: AhdError): string {
  const setting = error.context.setting;
  if (typeof setting !== 'string' || !error.message.startsWith(`${setting}: `)) return error.message;
  const flag = settingAt(setting.split('.'))?.flagName;
  return flag ? `--${flag}${error.message.slice(setting.length)}` : error.message;
}
