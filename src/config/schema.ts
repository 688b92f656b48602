import { z } from 'zod';
import { M2_MODES, MAX_BUDGET, MIN_BUDGET, SCAFFOLD_IDS, type M2Mode, type ScaffoldId } from '../core/types.ts';
import { ES_MODES, ES_PRESET_IDS } from '../es/optimizer.ts';
import { DEFAULT_REWARD_QUANTILE, REWARD_IDS } from '../es/rewards.ts';
import { PARAMETER_SCOPES, SIGMA_SCALES } from '../es/scope.ts';
import { BACKEND_IDS, type BackendId } from '../llm/backends.ts';

/**
 * The run config: one nested document that is the library's `run()` input, the `ahd run --config` file and
 * (resolved, see stored.ts) a run's config.json. Every setting carries its `ahd run` flag and help here, so the
 * commander options (flags.ts), the docs table (docs-table.ts) and the "did you mean" list are generated from it.
 * Sections: problem, search, es, llm, sampling, io (io: where this process writes and how it runs, not recorded).
 */

/** What a setting says about itself besides its values. */
export interface SettingMeta {
  /** The commander flag spelling (`--budget <n>`); absent: no flag (config files only). */
  readonly flag?: string;
  readonly help: string;
  /** Help of the `--no-` form of a boolean that defaults to on. */
  readonly negate?: string;
  /** The default in words where the defaults table has none (the model's, all cores). */
  readonly defaultText?: string;
}

export const settingMeta = z.registry<SettingMeta>();

/** A setting: its value schema, registered with its flag and help, optional in the document. */
function setting<T extends z.ZodType>(schema: T, meta: SettingMeta) {
  settingMeta.add(schema, meta);
  return schema.optional();
}

const oneOf = <T extends string>(values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { message: `must be one of ${values.join(', ')}` });
const integer = (min: number) => z.number().int(`must be an integer >= ${min}`).min(min, `must be an integer >= ${min}`);
const budget = () => {
  const message = `must be an integer from ${MIN_BUDGET} to ${MAX_BUDGET}`;
  return z.number().int(message).min(MIN_BUDGET, message).max(MAX_BUDGET, message);
};
const atLeast = (min: number) => z.number().min(min, `must be >= ${min}`);

const search = z.strictObject({
  scaffold: setting(oneOf<ScaffoldId>(SCAFFOLD_IDS), { flag: '--scaffold <name>', help: `required: ${SCAFFOLD_IDS.join(' | ')}` }),
  budget: setting(budget(), {
    flag: '--budget <n>',
    help: `candidates after the initial population: 1000, 2000 or any n from ${MIN_BUDGET} to ${MAX_BUDGET}; EoH first samples 10 i1 candidates more (the summary's "samples" counts all)`,
  }),
  seed: setting(integer(0), { flag: '--seed <n>', help: 'run seed' }),
  m2: setting(oneOf<M2Mode>(M2_MODES), {
    flag: '--m2 <mode>',
    help: "EoH: how m2 writes a child: free (the model writes the whole answer, as the reference) | numbers (the parent's answer with each decimal number written anew by the model: the same program with new parameters; onnx, compact-format models)",
  }),
});

const scope = z.strictObject({
  parameterScope: setting(oneOf(PARAMETER_SCOPES), {
    flag: '--es-scope <scope>',
    help: 'weights ES moves: full | linear (2-D matrices but embeddings) | late (second half of the blocks, final norm, head)',
  }),
  sigmaScale: setting(oneOf(SIGMA_SCALES), { flag: '--es-sigma-scale <unit>', help: "unit of sigma and alpha: absolute | rms (a fraction of each tensor's RMS)" }),
});

const es = z.strictObject({
  enabled: setting(z.boolean(), { flag: '--es', help: 'tune the model weights with evolution strategies while searching' }),
  preset: setting(oneOf(ES_PRESET_IDS), {
    flag: '--es-preset <name>',
    help: "ES settings to start from: default (the scaffold's, for onnx) | reference (the paper's)",
    defaultText: 'default; reference on an ES server',
  }),
  alpha: setting(z.number().positive('must be > 0'), { flag: '--alpha <x>', help: 'ES step size' }),
  alphaSchedule: setting(oneOf(['constant', 'sigma'] as const), {
    flag: '--alpha-schedule <s>',
    help: 'ES alpha per update: constant | sigma (alpha x sigma / sigma0: the step decays with the noise)',
    defaultText: 'constant',
  }),
  sigma0: setting(atLeast(0), { flag: '--sigma <x>', help: 'ES initial noise scale' }),
  sigmaEnd: setting(atLeast(0), { flag: '--sigma-end <x>', help: 'ES sigma at the end of the schedule, a floor' }),
  schedule: setting(oneOf(['cosine', 'constant'] as const), { flag: '--sigma-schedule <s>', help: 'ES sigma schedule: cosine | constant' }),
  normalisation: setting(oneOf(['zscore', 'centered_rank'] as const), { flag: '--es-normalisation <n>', help: 'ES reward normalisation: zscore | centered_rank' }),
  scope: scope.optional(),
  antithetic: setting(z.boolean(), {
    flag: '--es-antithetic',
    help: 'ES directions in mirrored pairs (+eps, -eps)',
    negate: 'ES directions drawn independently',
  }),
  samplesPerDirection: setting(integer(1), { flag: '--es-samples <m>', help: 'Sample+ES: candidates per direction, rewards averaged' }),
  eohCandidatesPerDirection: setting(integer(1), {
    flag: '--es-eoh-per-direction <k>',
    help: "EoH+ES: m1/m2 candidates per direction (each its own parent), rewards averaged; k > 1 decodes a direction's candidates as one batch (1 is the reference's one direction each)",
  }),
  // --es-crn alone is true (every direction), 'pairs' only within mirrored pairs; 'all' says true by name.
  commonRandomNumbers: setting(
    z.union([z.boolean(), z.literal('pairs'), z.literal('all').transform(() => true as const)], { message: 'must be all or pairs (or no value: all)' }),
    {
      flag: '--es-crn [scope]',
      help: 'Sample+ES: common random numbers: sample j of every direction shares its sampler seed (all, the scope without a value), or only the two halves of a mirrored pair (pairs)',
      negate: 'Sample+ES: every sample draws its own sampler seed',
    },
  ),
  sampleReward: setting(oneOf(['objective', 'rank'] as const), {
    flag: '--es-sample-reward <r>',
    help: "Sample+ES: a candidate's reward before its direction's are averaged: objective (its negative objective, invalid below the worst) | rank (its centered rank in the batch, invalid tied last)",
    defaultText: 'objective',
  }),
  skipZeroSigmaUpdate: setting(z.boolean(), {
    flag: '--es-skip-zero-sigma',
    help: "no ES update at sigma 0 (it would only add the directions' noise)",
    negate: 'update at sigma 0 too (as the reference)',
  }),
  mode: setting(oneOf(ES_MODES), {
    flag: '--es-mode <mode>',
    help: "ES arm: full (perturbed candidates and updates) | noise-only (the same perturbed sampling, no update) | update-only (updates from perturbed samples kept out of the population; the run's candidates from the unperturbed weights, twice the generations)",
    defaultText: 'full',
  }),
  reward: setting(oneOf(REWARD_IDS), {
    flag: '--es-reward <r>',
    help: "how a batch's objectives become direction rewards: improvement (EoH only) | objective | rank | max | best-rank | exceed-best | exceed-quantile",
    defaultText: 'improvement for EoH, --es-sample-reward for Sample',
  }),
  rewardQuantile: setting(z.number().min(0, 'must be in [0, 1]').max(1, 'must be in [0, 1]'), {
    flag: '--es-reward-quantile <q>',
    help: "exceed-quantile: the quantile of the run's valid objectives so far that a sample must beat",
    defaultText: String(DEFAULT_REWARD_QUANTILE),
  }),
  sameParent: setting(z.boolean(), {
    flag: '--es-same-parent',
    help: "EoH+ES: all candidates of one noise seed (a direction's k, both halves of a mirrored pair) share one parent",
    defaultText: 'off: one draw per candidate',
  }),
  initFrom: setting(z.string().min(1, 'must not be empty'), {
    flag: '--init-from <run-dir>',
    help: "start from that --es run's tuned weights (its lineage replayed; recorded, and replayed by ahd replay): no longer pure test-time search",
    defaultText: "none: the base model's weights",
  }),
  diagnostics: setting(z.boolean(), {
    flag: '--es-diagnostics',
    help: "record each ES update's share of answers unlike the unperturbed answer (one more generation per perturbed candidate)",
  }),
});

const llm = z.strictObject({
  backend: setting(oneOf<BackendId>(BACKEND_IDS), { flag: '--llm <backend>', help: BACKEND_IDS.join(' | ') }),
  model: setting(z.string().min(1, 'must not be empty'), {
    flag: '--model <dir|name>',
    help: 'onnx: model directory; openai: model name; es-server: unused',
    defaultText: 'the bundled model',
  }),
  endpoint: setting(z.array(z.url({ message: 'must be a URL' })).min(1, 'must name a URL'), {
    flag: '--endpoint <url...>',
    help: 'server URL(s) for --llm openai / es-server',
  }),
});

const sampling = z.strictObject({
  temperature: setting(atLeast(0), { flag: '--temperature <t>', help: 'sampling temperature', defaultText: "the model's" }),
  topP: setting(z.number().gt(0, 'must be in (0, 1]').max(1, 'must be in (0, 1]'), {
    flag: '--top-p <p>',
    help: 'nucleus sampling threshold',
    defaultText: "the model's",
  }),
  topK: setting(integer(0), { flag: '--top-k <k>', help: 'sample among the k likeliest tokens, 0 = off', defaultText: "the model's" }),
  maxNewTokens: setting(integer(1), { flag: '--max-new-tokens <n>', help: 'answer length limit', defaultText: "the model's" }),
  stop: setting(z.array(z.string()), { help: 'stop strings (config files only)', defaultText: "the model's" }),
});

const io = z.strictObject({
  out: setting(z.string().min(1, 'must not be empty'), { flag: '--out <dir>', help: 'run directory', defaultText: 'runs/<problem>-<scaffold>[-es]-b<budget>-s<seed>-<time>' }),
  resume: setting(z.boolean(), {
    flag: '--resume',
    help: 'continue the run in --out from its event log (a model no longer at its recorded path: the bundled one of the same name, or --model <dir>)',
  }),
  json: setting(z.boolean(), { flag: '--json', help: 'print a JSON summary as the last stdout line' }),
  threads: setting(integer(1), { flag: '--threads <n>', help: 'sandbox worker threads', defaultText: 'all cores' }),
  replicas: setting(integer(1), {
    flag: '--replicas <n>',
    help: 'onnx: model replicas (worker threads); openai: requests in flight',
    defaultText: '2, or the cores if fewer',
  }),
});

/** The run config document: every setting optional (a config file, the flags, a partial library call). */
export const runConfigSchema = z.strictObject({
  problem: setting(z.string().min(1, 'must not be empty'), {
    flag: '--problem <id|path>',
    help: 'required: problem id (see ahd problems), or the path of your own problem module (./my-problem/)',
  }),
  search: search.optional(),
  es: es.optional(),
  llm: llm.optional(),
  sampling: sampling.optional(),
  io: io.optional(),
});

/** A run config document as written (a config file, flags, a resume): every setting optional. */
export type RunConfigDocument = z.input<typeof runConfigSchema>;
/** The same, checked. */
export type CheckedRunConfig = z.output<typeof runConfigSchema>;
export type EsSection = NonNullable<CheckedRunConfig['es']>;

/** The library's `run()` input for a new run: a document that names the problem and the scaffold. */
export type RunConfig = RunConfigDocument & {
  readonly problem: string;
  readonly search: NonNullable<RunConfigDocument['search']> & { readonly scaffold: ScaffoldId };
};

/** The library's `run()` input to continue a run: its directory; the rest comes from its config.json. */
export type ResumeRunConfig = RunConfigDocument & {
  readonly io: NonNullable<RunConfigDocument['io']> & { readonly out: string; readonly resume: true };
};
