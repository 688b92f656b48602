import { Command } from 'commander';
import { DEFAULT_BUDGET, DEFAULT_SEED } from '../api/run-defaults.ts';
import { readFileSync } from 'node:fs';
import type { RunSpec } from '../api/run-spec.ts';
import { oneLine } from '../ground/one-line.ts';
import type { RunSummary } from '../engine/run-dir/index.ts';
import { AhdError, ErrorCode, usageError } from '../errors.ts';
import type { ProgressLine } from './run-progress.ts';
import { formatObjective, formatTestMeans } from '../ground/format-objective.ts';

/** `ahd run`: search for a heuristic (EoH or Sample, optionally with ES on the model's weights). */
export const runCommand = new Command('run')
  .description('design a heuristic for a problem with a language model (EoH or Sample, optionally + ES)')
  .option('--config <file>', 'a run spec document, JSON or YAML (.yaml/.yml): the flags below in camelCase, or a run\'s config.json (flags given here win over it)')
  .option('--problem <id|path>', 'problem id (see ahd problems), or the path of your own problem module (./my-problem/)')
  .option('--scaffold <name>', 'eoh | sample')
  .option('--es', 'tune the model weights with evolution strategies while searching')
  .option('--budget <n>', `candidates after the initial population: 1000, 2000 or any n >= 20 (default ${DEFAULT_BUDGET}); EoH first samples 10 i1 candidates more (the summary's "samples" counts all)`)
  .option('--model <dir|name>', 'onnx: model directory (default: the bundled model); openai: model name; es-server: unused')
  .option('--llm <backend>', 'onnx | openai | es-server (default onnx)')
  .option('--endpoint <url...>', 'server URL(s) for --llm openai / es-server')
  .option('--seed <n>', `run seed (default ${DEFAULT_SEED})`)
  .option('--out <dir>', 'run directory (default runs/<problem>-<scaffold>[-es]-b<budget>-s<seed>-<time>)')
  .option('--resume', 'continue the run in --out from its event log (a model no longer at its recorded path: the bundled one of the same name, or --model <dir>)')
  .option('--json', 'print a JSON summary as the last stdout line')
  .option('--temperature <t>', "sampling temperature (default: the model's)")
  .option('--top-p <p>', "nucleus sampling threshold (default: the model's)")
  .option('--top-k <k>', "sample among the k likeliest tokens, 0 = off (default: the model's)")
  .option('--max-new-tokens <n>', "answer length limit (default: the model's)")
  .option('--replicas <n>', 'onnx: model replicas (worker threads, default 2 or the cores if fewer); openai: requests in flight')
  .option('--threads <n>', 'sandbox worker threads (default: all cores)')
  .option('--alpha <x>', 'ES step size (default 0.05 for Sample, 0.01 for EoH, in units of each tensor\'s RMS; reference preset 5e-4 absolute)')
  .option('--sigma <x>', 'ES initial noise scale (default 0.1, in units of each tensor\'s RMS; reference preset 1e-3 absolute)')
  .option('--sigma-schedule <s>', 'ES sigma schedule: cosine | constant (default cosine)')
  .option('--sigma-end <x>', 'ES sigma at the end of the schedule, a floor (default 0)')
  .option('--alpha-schedule <s>', 'ES alpha per update: constant | sigma (alpha x sigma / sigma0: the step decays with the noise) (default constant)')
  .option('--es-preset <name>', 'ES settings to start from: default | reference (the paper: alpha 5e-4, sigma 1e-3 -> 0)')
  .option('--es-scope <scope>', 'weights ES moves: full | linear (2-D matrices but embeddings) | late (second half of the blocks, final norm, head) (default late; reference preset full)')
  .option('--es-sigma-scale <unit>', "unit of sigma and alpha: absolute | rms (a fraction of each tensor's RMS; default rms, reference preset absolute)")
  .option('--es-antithetic', 'ES directions in mirrored pairs (+eps, -eps) (default on; reference preset off)')
  .option('--no-es-antithetic', 'ES directions drawn independently')
  .option('--es-samples <m>', 'Sample+ES: candidates per direction, rewards averaged (default 5; reference preset 1)')
  .option('--es-eoh-per-direction <k>', 'EoH+ES: m1/m2 candidates per direction (each its own parent), rewards averaged; k > 1 decodes a direction\'s candidates as one batch (default 5; 1 is the reference\'s one direction each)')
  .option('--es-crn [scope]', 'Sample+ES: common random numbers: sample j of every direction shares its sampler seed (all, the default scope), or only the two halves of a mirrored pair (pairs)')
  .option('--no-es-crn', 'Sample+ES: every sample draws its own sampler seed (default)')
  .option('--es-sample-reward <r>', "Sample+ES: a candidate's reward before its direction's are averaged: objective (its negative objective, invalid below the worst) | rank (its centered rank in the batch, invalid tied last) (default objective)")
  .option('--es-normalisation <n>', 'ES reward normalisation: zscore | centered_rank (default centered_rank; reference preset zscore)')
  .option('--es-diagnostics', "record each ES update's share of answers unlike the unperturbed answer (one more generation per perturbed candidate)")
  .option('--es-skip-zero-sigma', 'no ES update at sigma 0 (it would only add the directions\' noise) (default on)')
  .option('--no-es-skip-zero-sigma', 'update at sigma 0 too (as the reference)')
  .addHelpText(
    'after',
    `
Examples:
  ahd run --problem tsp50 --scaffold eoh --es
  ahd run --problem kp100 --scaffold sample --budget 2000 --seed 1 --out runs/kp-s1 --json
  ahd run --config run.json --seed 3          (run.json: {"problem": "tsp50", "scaffold": "eoh", "es": true})
  ahd run --resume --out runs/kp-s1
  ahd run --problem ./examples/online-bpp/ --scaffold eoh --llm openai --endpoint http://127.0.0.1:8000/v1 --model m`,
  )
  .action((raw: unknown) => runAction(raw as Record<string, unknown>));

/**
 * The action: flags over the --config document (defaults < config file < flags) make the run spec; the library
 * runs it (loaded now, so that other commands do not load it); this prints the progress and the result (with
 * --json: the summary as the last stdout line).
 */
async function runAction(raw: Record<string, unknown>): Promise<void> {
  const { run } = await import('../api/run.ts');
  const { ProgressLine } = await import('./run-progress.ts');
  const { config, ...flags } = raw;
  const spec: RunSpec = { ...(typeof config === 'string' ? await readConfigFile(config) : {}), ...definedOnly(flags) };
  const controller = new AbortController();
  let dir = '';
  const interrupt = () => controller.abort(new AhdError(ErrorCode.Run, `interrupted; continue with: ahd run --resume --out ${dir}`));
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  let progress: ProgressLine | undefined;
  try {
    const summary = await run(spec, {
      signal: controller.signal,
      onStart: (info) => {
        dir = info.dir;
        progress = new ProgressLine(info.problem);
      },
      onProgress: (p) => progress?.update(p),
      onRetry: (e) => process.stderr.write(`ahd: ${e.url}: ${e.reason}; retry ${e.retry} in ${(e.delayMs / 1000).toFixed(1)} s\n`),
      onSearchDone: (ended) => {
        progress?.stop();
        if (!spec.json && !ended) process.stderr.write('evaluating the best heuristic on the test splits...\n');
      },
    });
    process.stdout.write(spec.json ? `${JSON.stringify(summary)}\n` : humanSummary(summary));
  } finally {
    progress?.stop();
    process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  }
}

/**
 * A run spec document, JSON or (.yaml / .yml) YAML: the same fields as the flags, camelCase (README, "Config
 * files"). A field the spec does not know is refused: a misspelt setting must not silently fall back to its default.
 */
async function readConfigFile(path: string): Promise<RunSpec> {
  const { parse: parseYaml } = await import('yaml');
  const { RUN_SPEC_FIELDS, specFromRunConfig } = await import('../api/run-spec.ts');
  const { checkRunConfig } = await import('../engine/run-dir/index.ts');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`--config ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const yaml = /\.ya?ml$/i.test(path);
  let parsed: unknown;
  try {
    parsed = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw usageError(`--config ${path}: not valid ${yaml ? 'YAML' : 'JSON'} (${oneLine((error as Error).message)})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw usageError(`--config ${path}: not a ${yaml ? 'YAML mapping' : 'JSON object'} of run settings`);
  }
  // A run's config.json (llm is an object there): the settings that decided that run.
  if (typeof (parsed as { llm?: unknown }).llm === 'object') {
    const config = checkRunConfig(parsed);
    if (typeof config === 'string') throw usageError(`--config ${path}: ${config}`);
    return specFromRunConfig(config);
  }
  const unknown = Object.keys(parsed).filter((key) => !RUN_SPEC_FIELDS.includes(key));
  if (unknown.length > 0) {
    throw usageError(`--config ${path}: unknown field "${unknown[0]}" (a run spec has: ${RUN_SPEC_FIELDS.join(', ')})`);
  }
  return parsed as RunSpec;
}

const definedOnly = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function humanSummary(summary: RunSummary): string {
  return (
    `best objective: train ${formatObjective(summary.best.objective)}; test ${formatTestMeans(summary.best.test)}\n` +
    `samples ${summary.samples} (valid ${summary.valid}) in ${summary.seconds.toFixed(0)} s\n` +
    `run dir: ${summary.runDir}\n`
  );
}
