import { Command } from 'commander';
import { DEFAULT_BUDGET, DEFAULT_SEED } from '../api/run-defaults.ts';

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
  .action(async (raw: unknown) => (await import('./actions/run.ts')).runFromFlags(raw as Record<string, unknown>));

