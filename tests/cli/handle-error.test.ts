import { describe, expect, test, vi } from 'vitest';
import { handleError } from '../../src/cli/handle-error.ts';
import { ErrorCode, settingError } from '../../src/errors.ts';
import { loadProblem } from '../../src/problems/index.ts';
import { checkBudget } from '../../src/scaffolds/eoh/budget.ts';

/** What one error prints on stderr and the status it gives. */
function rendered(error: unknown): [number, string] {
  const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const status = handleError(error);
    return [status, write.mock.calls.map((call) => String(call[0])).join('')];
  } finally {
    write.mockRestore();
  }
}

describe('a run setting named as its source spells it (issue 27, item 5)', () => {
  test('the library names the setting path, never a flag', async () => {
    expect(() => checkBudget(10)).toThrow(/^search\.budget: must be an integer from 20 to 1000000, got 10$/);
    await expect(loadProblem('./no-such-problem/')).rejects.toThrow(/^problem: \.\/no-such-problem\/: no such file or directory$/);
  });

  test('the CLI says the same error under the setting\'s flag, with the same exit status', () => {
    expect(rendered(settingError('io.out', '/tmp/x is a file, not a directory'))).toEqual([2, 'ahd: --out: /tmp/x is a file, not a directory\n']);
    expect(rendered(settingError('es.initFrom', '/r: not an ES run'))).toEqual([2, 'ahd: --init-from: /r: not an ES run\n']);
    expect(rendered(settingError('es.initFrom', '/r replayed to other weights', ErrorCode.History))).toEqual([1, 'ahd: --init-from: /r replayed to other weights\n']);
  });

  test('a setting without a flag, or a message that does not start with it, is printed as it is', () => {
    const unflagged = settingError('recorded.model', 'gone');
    expect(rendered(unflagged)).toEqual([2, 'ahd: recorded.model: gone\n']);
    const reworded = settingError('io.out', 'x');
    Object.defineProperty(reworded, 'message', { value: 'something else' });
    expect(rendered(reworded)).toEqual([2, 'ahd: something else\n']);
  });
});
