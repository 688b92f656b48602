/**
 * ahd as a library (package "ahd"). The CLI is one client of these:
 *
 *   import { run, evaluate, defineProblem } from 'ahd';
 *   const summary = await run({ problem: 'tsp50', search: { scaffold: 'eoh', budget: 1000, seed: 0 }, es: { enabled: true }, io: { out: 'runs/x' } });
 *   const { stats } = await evaluate('tsp50', heuristicSource, ['test20', 'test50']);
 */
export { run, type RunHooks } from './api/run.ts';
export type { ResumeRunConfig, RunConfig, RunConfigDocument } from './config/schema.ts';
export type { ResolvedRunConfig } from './config/resolve.ts';
export type { StoredRunConfig } from './config/stored.ts';
export { evaluate, splitStats, type Evaluation, type EvaluateOptions, type SplitStats } from './api/evaluate.ts';
export { defineProblem, type ProblemDefinition } from './problems/define.ts';
export { getProblem, listProblems, loadProblem } from './problems/index.ts';
export { InvalidSolution, type Instance, type Problem, type ScoreContext, type SplitSpec } from './problems/types.ts';
export { loadOnnxModel, type OnnxModel, type OnnxModelOptions } from './llm/onnx/index.ts';
export { createOpenAiModel } from './llm/openai.ts';
export { createEsServerModel } from './llm/es-server/client.ts';
export { checkEsServer, type ConformanceReport } from './llm/es-server/conformance.ts';
export { startEsServer } from './llm/es-server/server.ts';
export type { GenerateRequest, Generation, LanguageModel, SamplingOptions } from './llm/types.ts';
export { findFinishedRuns, readRun, readRunConfig, type RunData, type RunSummary } from './engine/run-dir/index.ts';
export { SandboxPool } from './sandbox/pool.ts';
export type { InvalidStage, Outcome } from './sandbox/types.ts';
export { probe, pairedComparison } from './probe/index.ts';
