import { describe, expect, it } from 'vitest';
import { AhdError, exitCodeFor } from '../../src/errors.ts';
import { assertEsSupported, BACKEND_IDS, BACKENDS } from '../../src/llm/backends.ts';

describe('backend capability table', () => {
  it('lists the three backends; only openai lacks ES', () => {
    expect(BACKEND_IDS).toEqual(['onnx', 'openai', 'es-server']);
    expect(BACKEND_IDS.filter((id) => BACKENDS[id].es)).toEqual(['onnx', 'es-server']);
  });

  it('accepts --es on ES-capable backends', () => {
    expect(() => assertEsSupported('onnx', '--es')).not.toThrow();
    expect(() => assertEsSupported('es-server', '--es')).not.toThrow();
  });

  it('refuses --es on openai with the one-line usage error (exit 2)', () => {
    let error: unknown;
    try {
      assertEsSupported('openai', '--es');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AhdError);
    expect((error as AhdError).message).toBe('--es needs a backend that can perturb weights (onnx, es-server); "openai" serves frozen weights');
    expect(exitCodeFor(error)).toBe(2);
  });
});
