import type { EsHandle } from '../llm/types.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { appendRecord, createHistory, writeHistory, type HistoryRecord, type ModelIdentity } from '../es/history.ts';
import type { EsParams, EsState, EsStrategy } from '../es/optimizer.ts';
import type { EventLog } from './events.ts';
import type { ReplayCache } from './replay-cache.ts';
import type { RunPaths } from './run-dir/index.ts';
import type { EsSession, EsUpdateRequest } from '../core/types.ts';
import { naturalSign } from '../ground/natural-sign.ts';

export type EsSettings = EsParams;

export interface EsSessionDeps {
  readonly handle: EsHandle;
  readonly strategy: EsStrategy;
  /** The run seed (the strategy derives its 'es' stream from it). */
  readonly runSeed: number;
  readonly model: ModelIdentity;
  /** Recorded in history.json as the reference does. */
  readonly concurrency: { readonly engines: number; readonly generation: number; readonly evaluation: number };
  readonly cache: ReplayCache;
  readonly log: EventLog;
  readonly paths: RunPaths;
  /** The problem's objective sense: statistics are recorded in the natural sign. */
  readonly sense: 'min' | 'max';
}

/**
 * ES for one run: direction seeds from the strategy's stream, sigma from its schedule, and per update the
 * normalised rewards applied to every replica, history.json rewritten and an 'update' event logged.
 * On resume the logged updates are applied again (the weights live only in memory) and the weights are checked
 * against the fingerprint recorded after each one.
 */
export function createEsSession(deps: EsSessionDeps): EsSession {
  const { handle, strategy, cache, log, paths } = deps;
  let state: EsState = strategy.init(deps.runSeed);
  let history = createHistory(deps.runSeed, deps.model, strategy.params.scope, handle.noise, strategy.params.initFrom);
  return {
    params: strategy.params,
    sigma: (step, total) => strategy.sigma(step, total),
    directions(count) {
      const asked = strategy.ask(state, count);
      state = asked.state;
      return { seeds: asked.seeds, signs: asked.signs ?? asked.seeds.map(() => 1) };
    },
    async update(request: EsUpdateRequest) {
      const { seeds, signs } = request.directions;
      const antithetic = strategy.params.antithetic;
      // At sigma 0 the directions were not perturbed: an update would only add their noise (optional skip). The
      // noise-only control records every step as not applied, so replay skips it as the reference's does.
      const noiseOnly = strategy.params.mode === 'noise-only';
      const apply = !noiseOnly && !(strategy.params.skipZeroSigmaUpdate && request.sigma === 0);
      const told = strategy.tell(state, seeds, request.rewards, {
        generation: request.generation,
        operator: request.operator,
        sigma: request.sigma,
        engineCount: deps.concurrency.engines,
        generationConcurrency: deps.concurrency.generation,
        evaluationConcurrency: deps.concurrency.evaluation,
        updateApplied: apply,
        ...(antithetic ? { signs } : {}),
        ...(request.samplesPerDirection !== undefined && { samplesPerDirection: request.samplesPerDirection }),
      });
      const stepNorm = apply
        ? await handle.update(seeds, told.z.map((z, i) => z * signs[i]), told.record.alpha)
        : 0;
      const fingerprint = await handle.fingerprint();
      const index = told.record.update_index;
      const logged = cache.update(index);
      if (logged && logged.fingerprint !== fingerprint) {
        throw new AhdError(
          ErrorCode.Run,
          `resume diverged at ES update ${index}: weights ${fingerprint}, the log recorded ${logged.fingerprint}`,
        );
      }
      state = told.state;
      const stats = updateStats(request, deps.sense, stepNorm);
      history = appendRecord(history, { ...told.record, weights_fingerprint: fingerprint, stats });
      writeHistory(paths.history, history);
      if (!logged) {
        log.append({
          type: 'update',
          update: index,
          generation: request.generation,
          operator: request.operator,
          seeds,
          ...(antithetic ? { signs } : {}),
          rewards: request.rewards,
          sigma: request.sigma,
          alpha: told.record.alpha,
          applied: apply,
          fingerprint,
          stats,
        });
      }
    },
  };
}

/** The learning-curve figures of one update (history.json stats, the report's ES charts). */
function updateStats(request: EsUpdateRequest, sense: 'min' | 'max', stepNorm: number | undefined): NonNullable<HistoryRecord['stats']> {
  const valid = request.objectives.filter(Number.isFinite);
  const natural = (v: number) => naturalSign(sense, v);
  return {
    objective_mean: valid.length > 0 ? natural(valid.reduce((a, b) => a + b, 0) / valid.length) : null,
    objective_best: valid.length > 0 ? natural(Math.min(...valid)) : null,
    valid_share: request.objectives.length > 0 ? valid.length / request.objectives.length : 0,
    ...(stepNorm !== undefined ? { step_norm: stepNorm } : {}),
    ...differShare(request),
  };
}

/** Share of perturbed answers unlike the unperturbed answer for the same sampler seed (when it was measured). */
function differShare(request: EsUpdateRequest): { differ_share?: number } {
  const flags = (request.candidates ?? []).map((c) => c.unperturbedSame).filter((f): f is boolean => f !== undefined);
  return flags.length > 0 ? { differ_share: flags.filter((same) => !same).length / flags.length } : {};
}
