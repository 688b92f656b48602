import { describe, expect, it } from 'vitest';
import { SharedResults } from '../../src/sandbox/shared-results.ts';

/** Work that resolves when told to, and records whether it was aborted. */
function deferred() {
  let finish!: (value: string) => void;
  let signal!: AbortSignal;
  let starts = 0;
  const start = (s: AbortSignal) => {
    starts++;
    signal = s;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      s.addEventListener('abort', () => reject(s.reason));
    });
  };
  return { start, finish: (v: string) => finish(v), aborted: () => signal.aborted, starts: () => starts };
}

describe('SharedResults', () => {
  it('starts the work once for concurrent and later requests of a key', async () => {
    const memo = new SharedResults<string>();
    const work = deferred();
    const a = memo.share('k', work.start);
    const b = memo.share('k', work.start, new AbortController().signal);
    work.finish('done');
    expect(await a).toBe('done');
    expect(await b).toBe('done');
    expect(await memo.share('k', work.start)).toBe('done');
    expect(work.starts()).toBe(1);
  });

  it('aborts the work only when every waiting caller has cancelled', async () => {
    const memo = new SharedResults<string>();
    const work = deferred();
    const first = new AbortController();
    const second = new AbortController();
    const a = memo.share('k', work.start, first.signal);
    const b = memo.share('k', work.start, second.signal);
    first.abort(new Error('first left'));
    await expect(a).rejects.toThrow('first left');
    expect(work.aborted()).toBe(false);
    second.abort(new Error('second left'));
    await expect(b).rejects.toThrow('second left');
    expect(work.aborted()).toBe(true);
    expect(memo.size).toBe(0); // the next request starts afresh
  });

  it('a caller without a signal keeps the work alive', async () => {
    const memo = new SharedResults<string>();
    const work = deferred();
    const leaving = new AbortController();
    const kept = memo.share('k', work.start);
    const left = memo.share('k', work.start, leaving.signal);
    leaving.abort(new Error('bye'));
    await expect(left).rejects.toThrow('bye');
    expect(work.aborted()).toBe(false);
    work.finish('kept');
    expect(await kept).toBe('kept');
  });

  it('forgets failures and results that keep() rejects, so they are retried', async () => {
    const memo = new SharedResults<string>();
    await expect(memo.share('fail', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await memo.share('fail', async () => 'second try')).toBe('second try');
    await memo.share('transient', async () => 'error', undefined, (v) => v !== 'error');
    expect(await memo.share('transient', async () => 'fresh', undefined, (v) => v !== 'error')).toBe('fresh');
  });

  it('rejects at once for an already aborted signal, and drops the oldest settled results beyond its size', async () => {
    const memo = new SharedResults<string>(2);
    const gone = new AbortController();
    gone.abort(new Error('already'));
    await expect(memo.share('x', async () => 'never', gone.signal)).rejects.toThrow('already');
    for (const key of ['a', 'b', 'c']) await memo.share(key, async () => key);
    expect(memo.size).toBe(2);
    expect(await memo.share('a', async () => 'recomputed')).toBe('recomputed');
  });
});
