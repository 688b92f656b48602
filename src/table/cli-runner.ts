import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../ground/runtime.ts';
import { AhdError, ErrorCode, usageError } from '../errors.ts';
import type { SettingRunner } from './run-settings.ts';
import { settingConfig, type Setting } from './settings.ts';
import { flagsFromDocument } from '../config/flags.ts';

/** The exit status of a usage error (src/errors.ts exitCodeFor). */
const USAGE_STATUS = 2;

const AHD_BIN = join(PROJECT_ROOT, 'bin', 'ahd.js');

/** The `ahd run` arguments of one setting's run config (CLI contract in architecture.md). */
export function runArguments(setting: Setting, dir: string, resume: boolean, model?: string): string[] {
  return ['run', ...flagsFromDocument(settingConfig(setting, dir, resume, model))];
}

/**
 * Runs each setting as its own `ahd run --json` process: a run's model, workers and memory go away with it,
 * and its progress display passes through on stderr. Resolves when the process exits 0 with a JSON summary
 * as its last stdout line. Exit status 2 (a usage error: no model, bad flags) rejects with a usage error, which
 * stops the table, since every other setting would fail the same way.
 */
export const cliRunner = (model?: string, extra: readonly string[] = []): SettingRunner => (setting, dir, resume) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AHD_BIN, ...runArguments(setting, dir, resume, model), ...extra], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', (error) => reject(new AhdError(ErrorCode.Run, `cannot start ahd run: ${error.message}`)));
    child.on('close', (status, signal) => {
      if (status === USAGE_STATUS) {
        reject(usageError(`ahd run ${runArguments(setting, dir, resume, model).slice(1).join(' ')} refused its flags (see above)`));
        return;
      }
      if (status !== 0) {
        reject(new AhdError(ErrorCode.Run, `ahd run exited with ${signal ? `signal ${signal}` : `status ${status}`}`));
        return;
      }
      const last = stdout.trimEnd().split('\n').at(-1) ?? '';
      try {
        JSON.parse(last);
        resolve();
      } catch {
        reject(new AhdError(ErrorCode.Run, 'ahd run printed no JSON summary as its last stdout line'));
      }
    });
  });
