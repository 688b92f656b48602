import { resolve } from 'node:path';
import { AhdError, ErrorCode, settingError } from '../errors.ts';
import { type EsHistory, historyScope } from '../es/history.ts';
import { replaySteps } from '../es/replay.ts';
import type { EsScope } from '../es/scope.ts';
import type { EsHandle } from '../llm/types.ts';
import type { StoredRunConfig } from '../config/stored.ts';
import { readRunConfig, readRunHistory } from './run-dir/index.ts';

/**
 * Warm start (`--init-from <run-dir>`): a run that starts from another run's tuned weights. Only seeds and rewards
 * are stored, so the tuned weights are rebuilt by replaying that run's updates, and its own warm start's before
 * them: a lineage, root first. The live run applies them through the model's ES handle (the same update code as
 * the runs themselves), `ahd replay` through its in-process replay; both check every recorded fingerprint.
 */

/** One run of a lineage. */
export interface LineageLink {
  readonly dir: string;
  readonly config: StoredRunConfig;
  readonly history: EsHistory;
}

/** The runs whose updates make `dir`'s tuned weights, root first, `dir` last. */
export function lineage(dir: string): LineageLink[] {
  const links: LineageLink[] = [];
  const visited = new Set<string>();
  for (let at: string | undefined = resolve(dir); at !== undefined; ) {
    if (visited.has(at)) throw new AhdError(ErrorCode.Run, `${at}: its es.initFrom chain comes back to itself`);
    visited.add(at);
    const config = readRunConfig(at);
    if (!config.es.enabled) throw settingError('es.initFrom', `${at}: not an ES run (it tuned no weights)`);
    if (config.llm.backend !== 'onnx') throw settingError('es.initFrom', `${at}: only onnx runs can be replayed locally`);
    links.unshift({ dir: at, config, history: readRunHistory(at) });
    at = config.es.initFrom;
  }
  return links;
}

/**
 * Moves the freshly loaded weights behind `handle` to the tuned weights of run `from`: checks that each run of its
 * lineage starts from the weights the one before left (the root: this model) and moved this run's ES scope (the
 * noise scales belong to it), then applies its recorded updates in order.
 */
export async function warmStart(handle: EsHandle, scope: EsScope, from: string): Promise<void> {
  const links = lineage(from);
  for (const { dir, config, history } of links) {
    const start = await handle.fingerprint();
    if (history.model.base_fingerprint !== start) {
      throw settingError('es.initFrom', `${dir}: its updates start from other weights (${history.model.base_fingerprint}) than this model's ${start}`);
    }
    const theirs = historyScope(history);
    if (theirs.parameterScope !== scope.parameterScope || theirs.sigmaScale !== scope.sigmaScale) {
      throw settingError(
        'es.initFrom',
        `${dir}: it moved scope ${theirs.parameterScope}/${theirs.sigmaScale}, this run ${scope.parameterScope}/${scope.sigmaScale}: they must match`,
      );
    }
    for (const { index, record, z } of { [Symbol.iterator]: () => replaySteps(history, config.search.seed) }) {
      await handle.update(record.seeds, z, record.alpha);
      const fingerprint = await handle.fingerprint();
      if (record.weights_fingerprint !== undefined && record.weights_fingerprint !== fingerprint) {
        throw settingError('es.initFrom', `${dir} replayed to other weights at records.${index} (${fingerprint}, it recorded ${record.weights_fingerprint})`, ErrorCode.History);
      }
    }
  }
}
