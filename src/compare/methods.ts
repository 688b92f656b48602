/** The ES controls a method may run (es/optimizer.ts EsParams.mode; absent: the full arm). */
export type ControlMode = 'noise-only' | 'update-only';

/** Column heading of a method: EoH, ES+EoH, Sample, ES+Sample, and the controls noise+EoH, update-only ES+EoH. */
export function methodName(scaffold: string, es: boolean, mode?: string): string {
  const name = scaffold === 'eoh' ? 'EoH' : scaffold === 'sample' ? 'Sample' : scaffold;
  if (!es) return name;
  if (mode === 'noise-only') return `noise+${name}`;
  if (mode === 'update-only') return `update-only ES+${name}`;
  return `ES+${name}`;
}

/** A method `ahd table --methods` runs: a scaffold, with or without ES, and which ES arm. */
export interface Method {
  readonly scaffold: 'eoh' | 'sample';
  readonly es: boolean;
  readonly mode?: ControlMode;
}

const ARM_SUFFIX: Readonly<Record<string, Omit<Method, 'scaffold'>>> = {
  '': { es: false },
  '-es': { es: true },
  '-noise': { es: true, mode: 'noise-only' },
  '-update': { es: true, mode: 'update-only' },
};

/** Every method id: eoh, eoh-es, eoh-noise, eoh-update, and the same for sample. */
export const METHOD_IDS: readonly string[] = ['eoh', 'sample'].flatMap((s) => Object.keys(ARM_SUFFIX).map((suffix) => s + suffix));

/** The method of an id (METHOD_IDS), or undefined. */
export function parseMethod(id: string): Method | undefined {
  const match = /^(eoh|sample)(.*)$/.exec(id);
  const arm = match ? ARM_SUFFIX[match[2]] : undefined;
  return match && arm ? { scaffold: match[1] as Method['scaffold'], ...arm } : undefined;
}

/** A method's id: the scaffold, then -es, -noise or -update (run directory names and --methods use it). */
export function methodId(m: Method): string {
  const suffix = Object.entries(ARM_SUFFIX).find(([, arm]) => arm.es === m.es && arm.mode === m.mode)?.[0] ?? '';
  return m.scaffold + suffix;
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
