import { AhdError, ErrorCode } from '../errors.ts';
import { lazyRequire } from '../ground/lazy-require.ts';
import { parseNpy, readDataFile, type NpyArray } from './npy.ts';

const fflate = lazyRequire<typeof import('fflate')>('fflate');

/** Reads one array (`key`, stored as `key.npy`) from a NumPy .npz archive (plain or deflated zip). */
export function readNpz(path: string, key: string): NpyArray {
  const bytes = readDataFile(path);
  let entries: Record<string, Uint8Array>;
  try {
    // Inflate only the wanted member; the filter sees every entry name.
    entries = fflate().unzipSync(bytes, { filter: (file) => file.name === `${key}.npy` });
  } catch (error) {
    throw new AhdError(ErrorCode.Data, `${path}: not a readable .npz archive (${(error as Error).message})`, {
      context: { file: path },
      cause: error,
    });
  }
  const member = entries[`${key}.npy`];
  if (!member) throw new AhdError(ErrorCode.Data, `${path}: no array '${key}' in the archive`, { context: { file: path } });
  return parseNpy(member, `${path}:${key}`);
}
