import { getProblem } from '../problems/index.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { llmSource, m2Note } from '../config/stored.ts';
import { readRunBest, readRunConfig, readRunSummary } from './run-dir/index.ts';
import { formatTestMeans } from '../ground/format-objective.ts';

/**
 * The best heuristic of a run as a standalone ES module: `export function <fnName>` plus a default export,
 * under a comment saying where it came from. Node imports it as is; `ahd eval --heuristic` reads it too. The run
 * is read through run-source: on disk, or packed in a study's runs.zip, whose runs keep best.js but no snapshots.
 */
export function exportHeuristic(runDir: string): string {
  const config = readRunConfig(runDir);
  const problem = getProblem(config.problem);
  const best = readRunBest(runDir, problem);
  if (!best) throw new AhdError(ErrorCode.Run, `${runDir}: no population with a valid heuristic yet`);
  const summary = readRunSummary(runDir);
  const test = summary
    ? formatTestMeans(summary.best.test) +
      (summary.evalSeed !== undefined ? ` (ahd eval --seed ${summary.evalSeed} reproduces these)` : '')
    : 'not evaluated (the run has not finished)';
  const header = [
    `ahd heuristic for ${problem.id} (${problem.title}), ${problem.sense === 'max' ? 'maximised' : 'minimised'}`,
    `train objective: ${best.objective}`,
    `test: ${test}`,
    `run: ${runDir}, generation ${best.generation}${best.total === undefined ? '' : ` of ${best.total}`}, candidate ${best.id} (${best.operator})`,
    `scaffold: ${config.search.scaffold}${config.es.enabled ? ' + ES' : ''}${m2Note(config)}, budget ${config.search.budget}, seed ${config.search.seed}`,
    `model: ${config.recorded.model} (${config.llm.backend}: ${llmSource(config)})`,
    `idea: ${best.description.replace(/\s+/g, ' ')}`,
  ];
  const comment = `/**\n${header.map((line) => ` * ${line.replaceAll('*/', '* /')}`).join('\n')}\n */\n`;
  return `${comment}${exportedCode(best.code, problem.fnName)}\nexport default ${problem.fnName};\n`;
}

/** Marks the top-level `function <fnName>` as exported (or adds an export list when it is declared otherwise). */
function exportedCode(code: string, fnName: string): string {
  const declaration = new RegExp(`^(\\s*)((?:async\\s+)?function\\s*\\*?\\s*${fnName}\\s*\\()`, 'm');
  const body = code.trimEnd();
  return declaration.test(body) ? body.replace(declaration, '$1export $2') : `${body}\nexport { ${fnName} };`;
}
