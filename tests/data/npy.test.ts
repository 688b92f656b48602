import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { assertShape, parseNpy, readNpy } from '../../src/data/npy.ts';
import { readNpz } from '../../src/data/npz.ts';
import { AhdError } from '../../src/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'ahd-npy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds .npy bytes the way NumPy writes them (header padded so the data starts on a 64-byte boundary). */
function npyBytes(descr: string, shape: number[], body: Uint8Array, version = 1, fortran = 'False'): Uint8Array {
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': ${fortran}, 'shape': ${shapeText}, }`;
  const prefix = version === 1 ? 10 : 12;
  header += ' '.repeat(63 - ((prefix + header.length) % 64)) + '\n';
  const out = new Uint8Array(prefix + header.length + body.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, header.length, true);
  else view.setUint32(8, header.length, true);
  out.set(new TextEncoder().encode(header), prefix);
  out.set(body, prefix + header.length);
  return out;
}
const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

function writeTemp(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

function dataErrorOf(fn: () => unknown): AhdError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AhdError);
    expect((error as AhdError).code).toBe('data');
    expect((error as AhdError).message).not.toContain('\n');
    return error as AhdError;
  }
  throw new Error('expected an AhdError');
}

describe('readNpy on shipped files', () => {
  it('reads the TSP training set as float64 (64, 50, 2)', () => {
    const a = readNpy('problems/tsp50/data/train50_dataset.npy');
    expect(a.dtype).toBe('f8');
    expect(a.shape).toEqual([64, 50, 2]);
    expect(a.data).toBeInstanceOf(Float64Array);
    // First coordinate of np.random.seed(1234); np.random.rand(50, 2).
    expect(a.data[0]).toBeCloseTo(0.1915194503788923, 15);
    expect(a.data.length).toBe(6400);
  });

  it('reads the bin-packing demands from an npz archive as int32', () => {
    const a = readNpz('problems/aco-bpp500/data/train500_dataset.npz', 'demands');
    expect(a.dtype).toBe('i4');
    expect(a.shape).toEqual([5, 500]);
    expect(Array.from(a.data.subarray(0, 5))).toEqual([98, 81, 36, 93, 28]);
  });
});

describe('parseNpy formats', () => {
  it('reads version 2 and 3 headers, <f4, <i4 and <i8 (widened to float64)', () => {
    const f4 = parseNpy(npyBytes('<f4', [2, 2], bytesOf(new Float32Array([1.5, 2, 3, 4])), 2), 'f4');
    expect(f4.data).toBeInstanceOf(Float32Array);
    expect(Array.from(f4.data)).toEqual([1.5, 2, 3, 4]);
    const i4 = parseNpy(npyBytes('<i4', [3], bytesOf(new Int32Array([-1, 0, 7])), 3), 'i4');
    expect(Array.from(i4.data)).toEqual([-1, 0, 7]);
    const i8 = parseNpy(npyBytes('<i8', [2], bytesOf(new BigInt64Array([5n, -9n]))), 'i8');
    expect(i8.dtype).toBe('i8');
    expect(i8.data).toBeInstanceOf(Float64Array);
    expect(Array.from(i8.data)).toEqual([5, -9]);
  });

  it('reads a 0-d array', () => {
    const scalar = parseNpy(npyBytes('<f8', [], bytesOf(new Float64Array([3.25]))), 'scalar');
    expect(scalar.shape).toEqual([]);
    expect(scalar.data[0]).toBe(3.25);
  });
});

describe('malformed files are AhdError("data") naming the file', () => {
  const good = npyBytes('<f8', [2, 3], bytesOf(new Float64Array([1, 2, 3, 4, 5, 6])));

  it('bad magic', () => {
    const path = writeTemp('magic.npy', new TextEncoder().encode('version https://git-lfs.github.com/spec/v1\n'));
    expect(dataErrorOf(() => readNpy(path)).message).toBe(`${path}: not a .npy file (bad magic)`);
  });

  it('truncated data', () => {
    const path = writeTemp('short.npy', good.subarray(0, good.length - 5));
    expect(dataErrorOf(() => readNpy(path)).message).toMatch(/short\.npy: data is 43 bytes, shape \(2, 3\) of f8 needs 48/);
  });

  it('truncated header', () => {
    const path = writeTemp('header.npy', good.subarray(0, 30));
    expect(dataErrorOf(() => readNpy(path)).message).toMatch(/header\.npy: truncated \.npy header/);
  });

  it('unsupported version, dtype, Fortran order, garbled header', () => {
    const v9 = good.slice();
    v9[6] = 9;
    expect(dataErrorOf(() => parseNpy(v9, 'v9')).message).toMatch(/version 9/);
    const u1 = npyBytes('|u1', [2], new Uint8Array([1, 2]));
    expect(dataErrorOf(() => parseNpy(u1, 'u1')).message).toMatch(/unsupported dtype '\|u1'/);
    const big = npyBytes('>f8', [1], new Uint8Array(8));
    expect(dataErrorOf(() => parseNpy(big, 'big')).message).toMatch(/unsupported dtype '>f8'/);
    const fortran = npyBytes('<f8', [2, 3], new Uint8Array(48), 1, 'True');
    expect(dataErrorOf(() => parseNpy(fortran, 'fortran')).message).toMatch(/Fortran-order/);
    const garbled = good.slice();
    garbled.set(new TextEncoder().encode('XXXXX'), 12);
    expect(dataErrorOf(() => parseNpy(garbled, 'garbled')).message).toMatch(/malformed \.npy header/);
  });

  it('missing file', () => {
    expect(dataErrorOf(() => readNpy(join(dir, 'nope.npy'))).message).toMatch(/nope\.npy: cannot read/);
    expect(dataErrorOf(() => readNpz(join(dir, 'nope.npz'), 'demands')).message).toMatch(/nope\.npz: cannot read/);
  });

  it('corrupt or incomplete npz archives', () => {
    const zip = zipSync({ 'demands.npy': npyBytes('<i4', [2], bytesOf(new Int32Array([20, 30]))) });
    const path = writeTemp('ok.npz', zip);
    expect(Array.from(readNpz(path, 'demands').data)).toEqual([20, 30]);
    expect(dataErrorOf(() => readNpz(path, 'other')).message).toBe(`${path}: no array 'other' in the archive`);
    const cut = writeTemp('cut.npz', zip.subarray(0, zip.length - 30));
    expect(dataErrorOf(() => readNpz(cut, 'demands')).message).toMatch(/cut\.npz: not a readable \.npz archive/);
    const badMember = writeTemp('member.npz', zipSync({ 'demands.npy': new Uint8Array([1, 2, 3]) }));
    expect(dataErrorOf(() => readNpz(badMember, 'demands')).message).toMatch(/member\.npz:demands: not a \.npy file/);
  });
});

describe('assertShape', () => {
  const a = readNpy('problems/kp100/data/train100_dataset.npy');
  it('accepts wildcards and returns the shape', () => {
    expect(assertShape(a, [null, 100, 2], 'kp')).toEqual([64, 100, 2]);
  });
  it('names the file and both shapes on mismatch', () => {
    expect(dataErrorOf(() => assertShape(a, [null, null, 3], 'kp.npy')).message).toBe(
      'kp.npy: wrong shape (64, 100, 2), expected (any, any, 3)',
    );
    expect(dataErrorOf(() => assertShape(a, [null, 100], 'kp.npy')).message).toMatch(/wrong shape/);
  });
});
