import type { EsHandle } from '../llm/types.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { appendRecord, createHistory, writeHistory, type ModelIdentity } from '../es/history.ts';
import type { EsParams, EsState, EsStrategy } from '../es/optimizer.ts';
import type { EventLog } from './events.ts';
import type { ReplayCache } from './replay-cache.ts';
import type { RunPaths } from './run-dir.ts';
import type { EsSession, EsUpdateRequest } from './types.ts';

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
  let history = createHistory(deps.runSeed, deps.model);
  return {
    sigma: (step, total) => strategy.sigma(step, total),
    directions(count) {
      const asked = strategy.ask(state, count);
      state = asked.state;
      return asked.seeds;
    },
    async update(request: EsUpdateRequest) {
      const told = strategy.tell(state, request.seeds, request.rewards, {
        generation: request.generation,
        operator: request.operator,
        sigma: request.sigma,
        engineCount: deps.concurrency.engines,
        generationConcurrency: deps.concurrency.generation,
        evaluationConcurrency: deps.concurrency.evaluation,
      });
      await handle.update(request.seeds, told.z, strategy.params.alpha);
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
      history = appendRecord(history, { ...told.record, weights_fingerprint: fingerprint });
      writeHistory(paths.history, history);
      if (!logged) {
        log.append({
          type: 'update',
          update: index,
          generation: request.generation,
          operator: request.operator,
          seeds: request.seeds,
          rewards: request.rewards,
          sigma: request.sigma,
          alpha: strategy.params.alpha,
          fingerprint,
        });
      }
    },
  };
}
