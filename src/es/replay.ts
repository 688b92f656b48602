import { AhdError, ErrorCode } from '../errors.ts';
import { checkHistoryModel, type EsHistory, type HistoryRecord, historyScope, NOISE_ID, signedZ } from './history.ts';
import { normalise } from './normalise.ts';
import { createEsStrategy, type EsState } from './optimizer.ts';
import type { WeightLayout } from './types.ts';
import { WeightsEs } from './weights-es.ts';

/**
 * Replay: rebuild the tuned weights from the base weights and history.json.
 *
 * Exact by design: perturb/restore are exactly reversible on the ES grid (grid.ts), so the live weights after
 * any number of perturbed generations equal the base weights plus the updates alone, independent of how the
 * directions were spread over replicas. Replay therefore repeats only the updates, with the same code
 * (WeightsEs.update) and the z-scores recomputed from the stored rewards by the same function.
 */

export interface ReplayStep {
  readonly index: number;
  readonly record: HistoryRecord;
  /** Normalised rewards times the directions' signs: the update is EsHandle.update(record.seeds, z, record.alpha). */
  readonly z: number[];
}

/**
 * Walks the history like the reference does: every record's seeds are checked against the seed stream
 * regenerated from the run seed (mismatch -> AhdError 'history'); records with update_applied false are checked
 * but yield nothing. Returns the strategy state after the last record, so a resumed run continues the stream.
 */
export function* replaySteps(history: EsHistory, runSeed: number): Generator<ReplayStep, EsState> {
  if (history.run_seed !== runSeed) {
    throw new AhdError(ErrorCode.History, `history was recorded with run seed ${history.run_seed}, not ${runSeed}`);
  }
  const plain = createEsStrategy();
  const mirrored = createEsStrategy({ antithetic: true });
  let state = plain.init(runSeed);
  for (const [index, record] of history.records.entries()) {
    const asked = (record.signs ? mirrored : plain).ask(state, record.seeds.length);
    state = { ...asked.state, updates: state.updates + 1 };
    const k = asked.seeds.findIndex((s, i) => s !== record.seeds[i]);
    if (k >= 0) {
      throw new AhdError(
        ErrorCode.History,
        `history records.${index}.seeds[${k}] is ${record.seeds[k]}, but the run's seed stream gives ${asked.seeds[k]}`,
      );
    }
    if (record.update_applied) yield { index, record, z: signedZ(record, normalise(record.rewards, record.reward_normalization)) };
  }
  return state;
}

export interface ReplayOptions {
  readonly runSeed: number;
  /** Names the weights in error messages (a model dir). */
  readonly source?: string;
  /** Warm start: the lineage's earlier histories (root first) and their run seeds, replayed before `history`. */
  readonly before?: readonly { readonly history: EsHistory; readonly runSeed: number }[];
}

export interface ReplayResult {
  /** Updates applied and records skipped (update_applied false) of `history` itself. */
  readonly applied: number;
  readonly skipped: number;
  /** Fingerprint of the replayed weights. */
  readonly fingerprint: string;
  readonly state: EsState;
}

/**
 * Replays `history` onto `weights` in place (the base model's weights in `layout`; they are first rounded onto the
 * ES grid exactly as the live run did), after the histories of its warm-start lineage. Checks the model identity
 * (each history starts from the weights the one before left), the seed stream, and every recorded weights
 * fingerprint. One WeightsEs serves the whole lineage: its grid and noise scales are the base model's, as in the
 * live runs.
 */
export function replayHistory(
  weights: Float32Array,
  layout: WeightLayout,
  history: EsHistory,
  options: ReplayOptions,
): ReplayResult {
  const chain = [...(options.before ?? []), { history, runSeed: options.runSeed }];
  for (const link of chain) {
    if (link.history.noise !== NOISE_ID) {
      throw new AhdError(
        ErrorCode.History,
        `history.json: its updates were made with ${link.history.noise} noise (an ES server on torch); ahd replays ` +
          'only its own noise in-process: replay it by sending its records to such a server',
      );
    }
  }
  const es = new WeightsEs(weights, layout, historyScope(history));
  let result: ReplayResult | undefined;
  for (const link of chain) result = replayOnto(es, link.history, link.runSeed, options.source ?? 'the given weights');
  return result!;
}

function replayOnto(es: WeightsEs, history: EsHistory, runSeed: number, source: string): ReplayResult {
  checkHistoryModel(history, { ...es.identity(), base_fingerprint: es.fingerprint() }, source);
  const steps = replaySteps(history, runSeed);
  let applied = 0;
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      const skipped = history.records.length - applied;
      return { applied, skipped, fingerprint: es.fingerprint(), state: step.value };
    }
    const { index, record, z } = step.value;
    es.update(record.seeds, z, record.alpha);
    applied++;
    if (record.weights_fingerprint !== undefined && record.weights_fingerprint !== es.fingerprint()) {
      throw new AhdError(
        ErrorCode.History,
        `replay diverged from the live run at records.${index}: weights fingerprint ${es.fingerprint()}, ` +
          `live run had ${record.weights_fingerprint}`,
      );
    }
  }
}
