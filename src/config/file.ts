import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { usageError } from '../errors.ts';
import { oneLine } from '../ground/one-line.ts';
import { parseDocument } from './parse.ts';
import type { ConfigLayer } from './resolve.ts';
import { checkStoredConfig, storedDocument } from './stored.ts';

/**
 * `ahd run --config <file>`: a run config document, JSON or (.yaml / .yml) YAML, or a run's config.json (any
 * version: it says what decided that run). Errors name the file and the field.
 */
export function readConfigFile(path: string): ConfigLayer {
  const source = { kind: 'file', path } as const;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`--config ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const yaml = /\.ya?ml$/i.test(path);
  let parsed: unknown;
  try {
    parsed = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw usageError(`--config ${path}: not valid ${yaml ? 'YAML' : 'JSON'} (${oneLine((error as Error).message)})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw usageError(`--config ${path}: not a ${yaml ? 'YAML mapping' : 'JSON object'} of run settings`);
  }
  if (isRunRecord(parsed)) {
    const stored = checkStoredConfig(parsed);
    if (typeof stored === 'string') throw usageError(`${path}: ${stored}`);
    return { document: parseDocument(storedDocument(stored), source), source };
  }
  return { document: parseDocument(parsed, source), source };
}

/** A run's config.json: versioned, or version 1 (its llm records the model's prompt style). */
const isRunRecord = (value: object) =>
  'version' in value || ('llm' in value && typeof value.llm === 'object' && value.llm !== null && 'promptStyle' in value.llm);
