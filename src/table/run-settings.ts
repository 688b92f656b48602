import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { finishedRunsIn, readFinishedRun, runPaths } from '../engine/run-dir/index.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { settingName, type Setting } from './settings.ts';
import { formatSeconds } from '../ground/format-seconds.ts';
import { secondsLeft } from './time-left.ts';

/** Runs one setting into `dir` (continuing an interrupted run there when `resume`); resolves once it finished. */
export type SettingRunner = (setting: Setting, dir: string, resume: boolean) => Promise<void>;

export interface RunSettingsResult {
  readonly ran: number;
  readonly skipped: number;
  /** Settings whose run failed, with the reason (their cells lack that repetition). */
  readonly failed: readonly { readonly setting: Setting; readonly dir: string; readonly message: string }[];
}

/** Where a setting's run lives under the table's output directory. */
export const settingDir = (out: string, setting: Setting) => join(out, 'runs', settingName(setting));

/**
 * Runs every setting that has no finished run yet, `parallel` at a time (default one after another: each run
 * already uses every core). A run's result depends on its setting and seed only, never on what ran beside it.
 * A finished run is skipped and an interrupted one resumed, so calling this again continues a killed table.
 * One failed run does not stop the table: it is reported and the next setting runs. A usage error does stop it
 * (every setting would fail the same way).
 */
export async function runSettings(
  settings: readonly Setting[],
  out: string,
  runner: SettingRunner,
  log: (line: string) => void,
  parallel = 1,
): Promise<RunSettingsResult> {
  let ran = 0;
  let skipped = 0;
  const failed: { setting: Setting; dir: string; message: string }[] = [];
  const queue = [...settings.entries()];
  // Read once: which settings finished earlier (skipped), and so how many this call runs. The time left is
  // priced from every finished run in the directory, not only this call's: a table run one budget per call
  // (budget 2000 after 1000) would else price every task at the pace of the first that finished.
  const timed = finishedRunsIn(join(out, 'runs'));
  const byDir = new Map(timed.map((run) => [run.dir, run]));
  const finished = settings.map((s) => byDir.get(settingDir(out, s)));
  const unended = new Set(settings.filter((_, i) => !finished[i]));
  const toRun = unended.size;
  const timeLeft = () => {
    const ended = toRun - unended.size;
    if (unended.size === 0) return `all ${toRun} to run ended`;
    const left = formatSeconds(secondsLeft(timed, [...unended], parallel));
    return `${ended} of ${toRun} to run ended; about ${left} left at the finished runs' pace`;
  };
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runOne(...job);
  };
  const runOne = async (i: number, setting: Setting) => {
    const dir = settingDir(out, setting);
    const tag = `[${i + 1}/${settings.length}] ${settingName(setting)}`;
    if (finished[i]) {
      skipped++;
      log(`${tag}: finished earlier, skipped`);
      return;
    }
    const resume = existsSync(runPaths(dir).config);
    log(`${tag}: ${resume ? 'resuming' : 'running'} (seed ${setting.rep})`);
    const runStarted = Date.now();
    try {
      await runner(setting, dir, resume);
      ran++;
      unended.delete(setting);
      const run = readFinishedRun(dir);
      if (run) timed.push(run);
      log(`${tag}: done in ${((Date.now() - runStarted) / 60_000).toFixed(1)} min (${timeLeft()})`);
    } catch (error) {
      if (error instanceof AhdError && error.code === ErrorCode.Usage) throw error;
      const message = error instanceof Error ? error.message : String(error);
      failed.push({ setting, dir, message });
      unended.delete(setting);
      log(`${tag}: failed: ${message} (${timeLeft()})`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  return { ran, skipped, failed };
}
