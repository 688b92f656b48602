import { readFileSync } from 'node:fs';
import { AhdError, ErrorCode } from '../errors.ts';

/**
 * Reader for NumPy .npy arrays (format versions 1-3), the format of the reference's instance files.
 * Only the little-endian C-order numeric types the tasks use are accepted; 64-bit integers are widened to
 * float64 (exact up to 2^53, checked), so callers see three element types.
 */
export type NpyDtype = 'f8' | 'f4' | 'i4' | 'i8';
export type NpyData = Float64Array | Float32Array | Int32Array;

export interface NpyArray {
  /** The element type stored in the file ('i8' data is delivered as a Float64Array). */
  readonly dtype: NpyDtype;
  readonly shape: readonly number[];
  readonly data: NpyData;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const ITEM_SIZE: Record<NpyDtype, number> = { f8: 8, f4: 4, i4: 4, i8: 8 };

const dataError = (file: string, what: string) => new AhdError(ErrorCode.Data, `${file}: ${what}`, { context: { file } });

/** Reads and parses a .npy file; any failure is an AhdError('data') naming the file. */
export function readNpy(path: string): NpyArray {
  return parseNpy(readDataFile(path), path);
}

/** A data file's bytes; a file that cannot be read is an AhdError('data') naming it (shared with npz.ts). */
export function readDataFile(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new AhdError(ErrorCode.Data, `${path}: cannot read (${(error as Error).message.split('\n')[0]})`, {
      context: { file: path },
      cause: error,
    });
  }
}

/** Parses .npy bytes; `name` labels errors (a file path, or "archive.npz:key"). */
export function parseNpy(bytes: Uint8Array, name: string): NpyArray {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) throw dataError(name, 'not a .npy file (bad magic)');
  const major = bytes[6];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let headerStart: number;
  let headerLength: number;
  if (major === 1) {
    headerStart = 10;
    headerLength = view.getUint16(8, true);
  } else if (major === 2 || major === 3) {
    if (bytes.length < 12) throw dataError(name, 'truncated .npy header');
    headerStart = 12;
    headerLength = view.getUint32(8, true);
  } else {
    throw dataError(name, `unsupported .npy format version ${major}`);
  }
  const dataStart = headerStart + headerLength;
  if (dataStart > bytes.length) throw dataError(name, 'truncated .npy header');
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(headerStart, dataStart));
  const { dtype, shape } = parseHeader(header, name);

  const count = shape.reduce((a, b) => a * b, 1);
  const expectedBytes = count * ITEM_SIZE[dtype];
  const available = bytes.length - dataStart;
  if (available !== expectedBytes) {
    throw dataError(name, `data is ${available} bytes, shape (${shape.join(', ')}) of ${dtype} needs ${expectedBytes}`);
  }
  // Copy into a fresh buffer: aligned whatever the header length was (and a Node Buffer may share a pool).
  const body = new Uint8Array(expectedBytes);
  body.set(bytes.subarray(dataStart, dataStart + expectedBytes));
  return { dtype, shape, data: decode(body.buffer, dtype, count, name) };
}

function parseHeader(header: string, name: string): { dtype: NpyDtype; shape: number[] } {
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined) {
    throw dataError(name, 'malformed .npy header (needs descr, fortran_order and shape)');
  }
  if (fortran === 'True') throw dataError(name, 'Fortran-order arrays are not supported (save with C order)');
  const dtype = ({ '<f8': 'f8', '<f4': 'f4', '<i4': 'i4', '<i8': 'i8' } as Record<string, NpyDtype>)[descr];
  if (!dtype) throw dataError(name, `unsupported dtype '${descr}' (expected <f8, <f4, <i4 or <i8)`);
  const parts = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const shape = parts.map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  if (shape.some((d) => !Number.isSafeInteger(d))) throw dataError(name, `malformed shape (${shapeText})`);
  return { dtype, shape };
}

function decode(body: ArrayBuffer, dtype: NpyDtype, count: number, name: string): NpyData {
  switch (dtype) {
    case 'f8':
      return new Float64Array(body);
    case 'f4':
      return new Float32Array(body);
    case 'i4':
      return new Int32Array(body);
    case 'i8': {
      const wide = new BigInt64Array(body);
      const out = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        const v = Number(wide[i]);
        if (!Number.isSafeInteger(v)) throw dataError(name, `int64 value ${wide[i]} at index ${i} is too large`);
        out[i] = v;
      }
      return out;
    }
  }
}

/**
 * Checks an array's shape against an expected pattern; null matches any size. Returns the shape.
 * Example: assertShape(a, [null, null, 2], file) for (instances, nodes, xy).
 */
export function assertShape(array: NpyArray, expected: readonly (number | null)[], name: string): readonly number[] {
  const ok =
    array.shape.length === expected.length && expected.every((d, i) => d === null || d === array.shape[i]);
  if (!ok) {
    const want = expected.map((d) => (d === null ? 'any' : String(d))).join(', ');
    throw dataError(name, `wrong shape (${array.shape.join(', ')}), expected (${want})`);
  }
  return array.shape;
}
