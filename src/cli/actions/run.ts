import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { run } from '../../api/run.ts';
import { RUN_SPEC_FIELDS, specFromRunConfig, type RunSpec } from '../../api/run-spec.ts';
import { checkRunConfig } from '../../engine/run-dir/index.ts';
import { oneLine } from '../../ground/one-line.ts';
import type { RunSummary } from '../../engine/run-dir/index.ts';
import { AhdError, ErrorCode, usageError } from '../../errors.ts';
import { ProgressLine } from '../run-progress.ts';
import { formatObjective, formatTestMeans } from '../../ground/format-objective.ts';

/**
 * `ahd run`: flags over the --config document (defaults < config file < flags) make the run spec; the library
 * runs it; this prints the progress and the result (with --json: the summary as the last stdout line).
 */
export async function runFromFlags(raw: Record<string, unknown>): Promise<void> {
  const { config, ...flags } = raw;
  const spec: RunSpec = { ...(typeof config === 'string' ? readConfigFile(config) : {}), ...definedOnly(flags) };
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
function readConfigFile(path: string): RunSpec {
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
