/** Column heading of a method: EoH, ES+EoH, Sample, ES+Sample. */
export function methodName(scaffold: string, es: boolean): string {
  const name = scaffold === 'eoh' ? 'EoH' : scaffold === 'sample' ? 'Sample' : scaffold;
  return es ? `ES+${name}` : name;
}

/**
 * The two test splits of each task that the reference's table reports, the ones the table compares on (runs
 * score more: the ACO tasks' standard test splits include test20). A problem of your own uses its test splits.
 */
const TABLE_SPLITS: Readonly<Record<string, readonly string[]>> = {
  tsp50: ['test20', 'test50'],
  kp100: ['test100', 'test200'],
  asp15: ['n12w7', 'n15w10'],
  'aco-tsp50': ['test50', 'test100'],
  'aco-cvrp50': ['test50', 'test100'],
  'aco-bpp500': ['test500', 'test1000'],
};

export function tableSplits(problem: { readonly id: string; readonly testSplits: readonly string[] }): readonly string[] {
  return TABLE_SPLITS[problem.id] ?? problem.testSplits;
}
