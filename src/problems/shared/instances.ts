import { AhdError, ErrorCode } from '../../errors.ts';
import { assertShape, readNpy } from '../../data/npy.ts';

/** A (count, rows, features) float array from an instance file, checked for shape and finite values. */
export interface InstanceTable {
  readonly count: number;
  readonly rows: number;
  readonly features: number;
  readonly data: Float64Array;
}

export function readInstanceTable(path: string, features: number, minRows: number): InstanceTable {
  const array = readNpy(path);
  const [count, rows] = assertShape(array, [null, null, features], path);
  if (rows < minRows) throw new AhdError(ErrorCode.Data, `${path}: instances have ${rows} rows, need at least ${minRows}`);
  const data = Float64Array.from(array.data);
  const bad = data.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) throw new AhdError(ErrorCode.Data, `${path}: non-finite value at flat index ${bad}`, { context: { file: path } });
  return { count, rows, features, data };
}

/** Column `feature` of instance `index` as a plain array (what the harness receives). */
export function column(table: InstanceTable, index: number, feature: number): number[] {
  const out = new Array<number>(table.rows);
  const base = index * table.rows * table.features + feature;
  for (let r = 0; r < table.rows; r++) out[r] = table.data[base + r * table.features];
  return out;
}
