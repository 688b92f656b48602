import { TIE_RULE, type Comparison } from './cells.ts';
import { methodName } from './methods.ts';
import { REFERENCE_IMPROVED } from './reference.ts';

/** How many ES cells beat their matched baseline, overall and per scaffold. */
export interface ImprovementCount {
  readonly improved: number;
  readonly settings: number;
  readonly byScaffold: Readonly<Record<string, { readonly improved: number; readonly settings: number }>>;
}

/**
 * The reference's 36 settings, as far as its paper says: the constructive tasks with both scaffolds (3 tasks x 2
 * splits x 2 budgets x 2 scaffolds = 24) and, most likely, the ACO tasks with EoH only (3 x 2 x 2 = 12).
 */
export const REFERENCE_SUBSET = (c: Comparison): boolean => ['tsp50', 'kp100', 'asp15'].includes(c.problem) || c.scaffold === 'eoh';

export function countImprovements(comparisons: readonly Comparison[]): ImprovementCount {
  const byScaffold: Record<string, { improved: number; settings: number }> = {};
  for (const c of comparisons) {
    const entry = (byScaffold[c.scaffold] ??= { improved: 0, settings: 0 });
    entry.settings++;
    if (c.improves) entry.improved++;
  }
  return { improved: comparisons.filter((c) => c.improves).length, settings: comparisons.length, byScaffold };
}

/**
 * The table's headline: "ES improves on its matched baseline in K of 48 settings (...); K' of 36 on the
 * reference's subset (the reference: 28 of 36)", with the ties and losses counted too.
 */
export function improvementLine(count: ImprovementCount, comparisons: readonly Comparison[] = []): string {
  const parts = Object.entries(count.byScaffold).map(([s, c]) => `${methodName(s, false)} ${c.improved} of ${c.settings}`);
  const tally = (cs: readonly Comparison[]) =>
    `${cs.filter((c) => c.outcome === 'tied').length} tied, ${cs.filter((c) => c.outcome === 'worse').length} worse`;
  const subset = comparisons.filter(REFERENCE_SUBSET);
  return (
    `ES improves on its matched baseline in ${count.improved} of ${count.settings} settings ` +
    `(problem x test split x budget x scaffold${parts.length ? `; ${parts.join(', ')}` : ''}; ${tally(comparisons)}); ` +
    `${subset.filter((c) => c.improves).length} of ${subset.length} on the reference's subset ` +
    `(constructive tasks with both scaffolds, ACO tasks with EoH; the reference: ${REFERENCE_IMPROVED} of 36). ${TIE_RULE}.` +
    pairedLine(comparisons)
  );
}

/** The headline's paired count: how many settings ES wins or loses beyond two standard errors of the paired gain. */
function pairedLine(comparisons: readonly Comparison[]): string {
  const paired = comparisons.flatMap((c) => (c.paired ? [c.paired] : []));
  if (paired.length === 0) return '';
  const n = (verdict: string) => paired.filter((p) => p.verdict === verdict).length;
  return (
    ` Paired by run seed (${paired.length} of the ${comparisons.length} settings have two or more shared seeds): ES is ` +
    `better beyond two standard errors in ${n('better')}, worse beyond two in ${n('worse')}, within two in ${n('within')}.`
  );
}
