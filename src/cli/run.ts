import { Command } from 'commander';
import { DEFAULT_BUDGET, DEFAULT_SEED } from './run-defaults.ts';

/** `ahd run`: search for a heuristic (EoH or Sample, optionally with ES on the model's weights). */
export const runCommand = new Command('run')
  .description('design a heuristic for a problem with a language model (EoH or Sample, optionally + ES)')
  .option('--problem <id>', 'problem id (see ahd problems)')
  .option('--scaffold <name>', 'eoh | sample')
  .option('--es', 'tune the model weights with evolution strategies while searching')
  .option('--budget <n>', `candidates to generate: 1000, 2000 or any n >= 20 (default ${DEFAULT_BUDGET})`)
  .option('--model <dir|name>', 'onnx: model directory (default: the bundled model); openai: model name; es-server: unused')
  .option('--llm <backend>', 'onnx | openai | es-server (default onnx)')
  .option('--endpoint <url...>', 'server URL(s) for --llm openai / es-server')
  .option('--seed <n>', `run seed (default ${DEFAULT_SEED})`)
  .option('--out <dir>', 'run directory (default runs/<problem>-<scaffold>[-es]-b<budget>-s<seed>-<time>)')
  .option('--resume', 'continue the run in --out from its event log')
  .option('--json', 'print a JSON summary as the last stdout line')
  .option('--temperature <t>', "sampling temperature (default: the model's)")
  .option('--top-p <p>', "nucleus sampling threshold (default: the model's)")
  .option('--max-new-tokens <n>', "answer length limit (default: the model's)")
  .option('--replicas <n>', 'onnx: model replicas (worker threads); openai: requests in flight')
  .option('--threads <n>', 'sandbox worker threads (default: all cores)')
  .option('--alpha <x>', 'ES step size (default 5e-4)')
  .option('--sigma <x>', 'ES initial noise scale (default 1e-3)')
  .option('--sigma-schedule <s>', 'ES sigma schedule: cosine | constant (default cosine)')
  .action(async (raw: unknown) => (await import('./actions/run.ts')).runFromFlags(raw));

