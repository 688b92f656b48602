import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { appendRecord, checkHistoryModel, createHistory, type EsHistory, readHistory, writeHistory } from '../../src/es/history.ts';
import { createEsStrategy } from '../../src/es/optimizer.ts';

const model = { base_fingerprint: '0123456789abcdef', n_tensors: 3, total_params: 1000 };
const meta = { generation: 0, operator: 'i1', sigma: 1e-3, engineCount: 1, generationConcurrency: 1, evaluationConcurrency: 4 };

function sampleHistory(): EsHistory {
  const es = createEsStrategy();
  let state = es.init(5);
  let history = createHistory(5, model);
  for (let u = 0; u < 2; u++) {
    const asked = es.ask(state, 4);
    const told = es.tell(asked.state, asked.seeds, [-4, -5, -7, -8.247219128924647], meta);
    state = told.state;
    history = appendRecord(history, told.record);
  }
  return history;
}

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ahd-history-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function expectHistoryError(path: string, message: RegExp) {
  try {
    readHistory(path);
  } catch (error) {
    expect(error).toBeInstanceOf(AhdError);
    expect((error as AhdError).code).toBe('history');
    expect((error as AhdError).message).toMatch(message);
    return;
  }
  throw new Error('readHistory accepted a bad history');
}

describe('history.json', () => {
  it('round-trips exactly and leaves no temp file behind', () => {
    const path = join(dir, 'history.json');
    const history = sampleHistory();
    writeHistory(path, history);
    expect(readHistory(path)).toEqual(history);
    expect(readdirSync(dir)).toEqual(['history.json']);
  });

  it('explains truncated JSON, wrong fields and broken sequences', () => {
    const path = join(dir, 'history.json');
    const text = JSON.stringify(sampleHistory());
    writeFileSync(path, text.slice(0, text.length / 2));
    expectHistoryError(path, /not valid JSON/);

    const edit = (change: (h: any) => void) => {
      const h = JSON.parse(text);
      change(h);
      writeFileSync(path, JSON.stringify(h));
    };
    edit((h) => delete h.records[1].alpha);
    expectHistoryError(path, /records\.1\.alpha/);
    edit((h) => (h.records[0].rewards[2] = 'x'));
    expectHistoryError(path, /records\.0\.rewards\.2/);
    edit((h) => (h.records[0].seeds[0] = 2 ** 31 - 1));
    expectHistoryError(path, /records\.0\.seeds\.0/);
    edit((h) => (h.records[0].surprise = 1));
    expectHistoryError(path, /records\.0/);
    edit((h) => (h.version = 2));
    expectHistoryError(path, /version/);
    edit((h) => (h.records[1].update_index = 5));
    expectHistoryError(path, /records\.1\.update_index is 5, expected 1/);
    edit((h) => h.records[1].rewards.pop());
    expectHistoryError(path, /records\.1 has 4 seeds but 3 rewards/);
    expectHistoryError(join(dir, 'missing.json'), /no ES history/);
  });

  it('refuses a record out of sequence and a different model', () => {
    const history = sampleHistory();
    expect(() => appendRecord(history, history.records[0])).toThrow(/update_index 0 does not follow 1/);
    expect(() => checkHistoryModel(history, { ...model, total_params: 999 }, 'models/x')).toThrow(
      /total_params 1000 in history, 999 in models\/x/,
    );
    expect(() => checkHistoryModel(history, { ...model, base_fingerprint: 'ffff' }, 'm')).toThrow(/base_fingerprint/);
    expect(() => checkHistoryModel(history, model, 'm')).not.toThrow();
  });
});
