import { join } from 'node:path';
import { type EsHistory, parseHistory } from '../../es/history.ts';
import { readRunFile } from './run-source.ts';

/**
 * A run's history.json, checked, from the run directory on disk or packed in a study's runs.zip: what replay,
 * probe --run and a warm start replay. Missing or malformed is a history error naming the file.
 */
export function readRunHistory(dir: string): EsHistory {
  return parseHistory(readRunFile(dir, 'history.json'), join(dir, 'history.json'));
}
