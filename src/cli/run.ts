import { Command } from 'commander';
import { addRunOptions } from '../config/flags.ts';
import type { RunSummary } from '../engine/run-dir/index.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import type { ProgressLine } from './run-progress.ts';
import { formatObjective, formatTestMeans } from '../ground/format-objective.ts';

/**
 * `ahd run`: search for a heuristic (EoH or Sample, optionally with ES on the model's weights). Its options are
 * the run config's settings (src/config/schema.ts), generated; --config names a file of them.
 */
export const runCommand = addRunOptions(
  new Command('run')
    .description('design a heuristic for a problem with a language model (EoH or Sample, optionally + ES)')
    .option(
      '--config <file>',
      "a run config, JSON or YAML (.yaml/.yml): the settings below in sections (docs/cli.md), or a run's config.json (flags given here win over it)",
    ),
)
  .addHelpText(
    'after',
    `
Examples:
  ahd run --problem tsp50 --scaffold eoh --es
  ahd run --problem kp100 --scaffold sample --budget 2000 --seed 1 --out runs/kp-s1 --json
  ahd run --config run.yaml --seed 3          (run.yaml: "problem: tsp50\\nsearch: {scaffold: eoh}\\nes: {enabled: true}")
  ahd run --resume --out runs/kp-s1
  ahd run --problem ./examples/online-bpp/ --scaffold eoh --llm openai --endpoint http://127.0.0.1:8000/v1 --model m`,
  )
  .action((raw: unknown) => runAction(raw as Record<string, unknown>));

/**
 * The action: flags over the --config document (defaults < config file < flags) make the run config; the library
 * runs it (loaded now, so that other commands do not load it); this prints the progress and the result (with
 * --json: the summary as the last stdout line).
 */
async function runAction(raw: Record<string, unknown>): Promise<void> {
  const { runLayers } = await import('../api/run.ts');
  const { readConfigFile } = await import('../config/file.ts');
  const { documentFromFlags } = await import('../config/flags.ts');
  const { parseDocument } = await import('../config/parse.ts');
  const { ProgressLine } = await import('./run-progress.ts');
  const { config, ...flags } = raw;
  const fromFlags = { document: parseDocument(documentFromFlags(flags), { kind: 'flags' }), source: { kind: 'flags' } } as const;
  const layers = typeof config === 'string' ? [readConfigFile(config), fromFlags] : [fromFlags];
  let json = false;
  const controller = new AbortController();
  let dir = '';
  const interrupt = () => controller.abort(new AhdError(ErrorCode.Run, `interrupted; continue with: ahd run --resume --out ${dir}`));
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  let progress: ProgressLine | undefined;
  try {
    const summary = await runLayers(layers, {
      signal: controller.signal,
      onStart: (info) => {
        dir = info.dir;
        json = info.config.io.json;
        progress = new ProgressLine(info.problem);
      },
      onProgress: (p) => progress?.update(p),
      onRetry: (e) => process.stderr.write(`ahd: ${e.url}: ${e.reason}; retry ${e.retry} in ${(e.delayMs / 1000).toFixed(1)} s\n`),
      onSearchDone: (ended) => {
        progress?.stop();
        if (!json && !ended) process.stderr.write('evaluating the best heuristic on the test splits...\n');
      },
    });
    process.stdout.write(json ? `${JSON.stringify(summary)}\n` : humanSummary(summary));
  } finally {
    progress?.stop();
    process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  }
}

function humanSummary(summary: RunSummary): string {
  return (
    `best objective: train ${formatObjective(summary.best.objective)}; test ${formatTestMeans(summary.best.test)}\n` +
    `samples ${summary.samples} (valid ${summary.valid}) in ${summary.seconds.toFixed(0)} s\n` +
    `run dir: ${summary.runDir}\n`
  );
}
