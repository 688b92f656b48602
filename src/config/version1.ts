import { z } from 'zod';
import type { EsParams } from '../es/optimizer.ts';
import { firstIssue } from '../ground/zod-issue.ts';
import type { RunFacts } from './run-facts.ts';

/**
 * config.json version 1 (no `version` field): every run directory written before the nested run config, the
 * committed ones under benchmarks/results included. Its fields are the facts a run is made of, so the one
 * conversion is to read them as such (stored.ts turns facts into the current version).
 */
const version1Schema = z.object({
  problem: z.string().min(1),
  problemSource: z.string().min(1).optional(),
  scaffold: z.string().min(1),
  es: z.boolean(),
  budget: z.number().int().min(1),
  seed: z.number().int().min(0),
  llm: z.object({ backend: z.string().min(1), source: z.string(), model: z.string(), promptStyle: z.string() }),
  sampling: z.object({ temperature: z.number(), topP: z.number(), topK: z.number(), maxNewTokens: z.number(), stop: z.array(z.string()) }),
  // The ES parameters, as EsParams named them, and the base weights' fingerprint.
  esSettings: z.looseObject({ baseFingerprint: z.string().min(1) }).optional(),
});

/** A version-1 config.json's facts, or what is wrong with it. */
export function fromVersion1(value: unknown): RunFacts | string {
  const parsed = version1Schema.safeParse(value);
  if (!parsed.success) return `not an ahd run config (${firstIssue(parsed.error, 'top level')})`;
  const v1 = parsed.data;
  const { baseFingerprint, ...es } = v1.esSettings ?? {};
  return {
    problem: v1.problem,
    problemSource: v1.problemSource,
    scaffold: v1.scaffold,
    budget: v1.budget,
    seed: v1.seed,
    es: v1.es,
    esParams: v1.es && v1.esSettings ? (es as unknown as EsParams) : undefined,
    llm: { backend: v1.llm.backend, source: v1.llm.source },
    modelName: v1.llm.model,
    promptStyle: v1.llm.promptStyle,
    sampling: v1.sampling,
    baseFingerprint,
  };
}
