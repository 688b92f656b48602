import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { ProgressLine } from '../../src/cli/run-progress.ts';

/** A stream that is not a terminal: ProgressLine prints one line per finished generation. */
function capture(): { stream: NodeJS.WriteStream; lines: string[] } {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (text: string) => lines.push(text.trimEnd()) } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

describe('the progress line of ahd run', () => {
  it('says a resumed run is replaying its log until the model answers, then shows the rate of fresh samples', () => {
    const { stream, lines } = capture();
    const line = new ProgressLine(getProblem('kp100'), stream);
    line.update({ generation: 1, totalGenerations: 25, samples: 90, valid: 81, best: -40.1, fresh: 0 });
    line.update({ generation: 2, totalGenerations: 25, samples: 170, valid: 160, best: -40.2, fresh: 80 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('gen 1/25  samples 90 (valid 90%)  best 40.10000  replayed from the event log');
    expect(lines[1]).toMatch(/^gen 2\/25  samples 170 \(valid 94%\)  best 40\.20000  \d+\.\d samples\/min$/);
  });

  it('a fresh run before its first sample shows a rate of zero and no best', () => {
    const { stream, lines } = capture();
    new ProgressLine(getProblem('tsp50'), stream).update({ generation: 1, totalGenerations: 25, samples: 0, valid: 0, best: null, fresh: 0 });
    expect(lines).toEqual(['gen 1/25  samples 0 (valid 0%)  best -  0.0 samples/min']);
  });
});
