import type { EsParams } from './optimizer.ts';

/** ES settings as stored in config.json: the parameters, plus the base weights' fingerprint that is not one. */
type StoredEs = EsParams & { readonly baseFingerprint?: string };

/** A canonical key of the ES parameters (the fingerprint left out): equal keys, equal ES. */
export function esParamsKey(settings: StoredEs): string {
  const { baseFingerprint: _, ...params } = settings;
  return JSON.stringify(sortKeys(params));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

/** One line a reader understands: `alpha 0.05, sigma 0.1 -> 0 (cosine), scope full (rms units), ...`. */
export function describeEs(p: StoredEs): string {
  const unit = p.scope.sigmaScale === 'rms' ? 'of each tensor\'s RMS' : 'absolute';
  return [
    `alpha ${p.alpha}, sigma ${p.sigma0} -> ${p.sigmaEnd} (${p.schedule}), ${unit}`,
    `scope ${p.scope.parameterScope}`,
    p.normalisation === 'zscore' ? 'z-scores' : 'centered ranks',
    p.antithetic ? 'antithetic pairs' : 'independent directions',
    `${p.samplesPerDirection} sample${p.samplesPerDirection === 1 ? '' : 's'} per direction${p.commonRandomNumbers ? ' (common random numbers)' : ''}`,
    ...(p.eohCandidatesPerDirection && p.eohCandidatesPerDirection > 1 ? [`EoH ${p.eohCandidatesPerDirection} candidates per direction`] : []),
    p.skipZeroSigmaUpdate ? 'no update at sigma 0' : 'an update at sigma 0',
  ].join(', ');
}
