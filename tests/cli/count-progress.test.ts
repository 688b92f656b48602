import { describe, expect, it } from 'vitest';
import { countProgress } from '../../src/cli/count-progress.ts';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) > 0 };
};

describe('countProgress', () => {
  it('off a terminal prints a line at each quarter and at the end, and starts again after end()', () => {
    const out = stream(false);
    const progress = countProgress('samples generated', out);
    for (let done = 5; done <= 200; done += 5) progress.update(done, 200);
    expect(out.written).toEqual(['  5 of 200 samples generated\n', '  55 of 200 samples generated\n', '  105 of 200 samples generated\n', '  155 of 200 samples generated\n', '  200 of 200 samples generated\n']);
    progress.end();
    progress.update(5, 200);
    expect(out.written.at(-1)).toBe('  5 of 200 samples generated\n');
  });

  it('on a terminal redraws one line and ends it', () => {
    const out = stream(true);
    const progress = countProgress('samples generated', out);
    progress.update(5, 10);
    progress.update(10, 10);
    progress.end();
    expect(out.written).toEqual(['\r  5 of 10 samples generated', '\r  10 of 10 samples generated', '\n']);
  });
});
