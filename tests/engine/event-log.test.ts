import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EventLog, parseEvents } from '../../src/engine/events.ts';

describe('event log', () => {
  test('each appended line is in the file at once, before any sync or close (what a killed process keeps)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ahd-events-')), 'events.jsonl');
    const log = new EventLog(path);
    log.append({ type: 'start', resumed: false });
    log.append({ type: 'outcome', index: 0, outcome: { status: 'timeout', ms: 5 } });
    const { events, cutShort } = parseEvents(readFileSync(path, 'utf8'));
    expect(cutShort).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['start', 'outcome']);
    log.sync();
    log.close();
    expect(parseEvents(readFileSync(path, 'utf8')).events).toHaveLength(2);
  });
});
