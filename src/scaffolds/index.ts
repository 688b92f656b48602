import { usageError } from '../errors.ts';
import { SCAFFOLD_IDS, type Scaffold, type ScaffoldId } from '../core/types.ts';
import { eoh } from './eoh/index.ts';
import { sample } from './sample/index.ts';

export const SCAFFOLDS: Readonly<Record<ScaffoldId, Scaffold>> = { eoh, sample };

export function getScaffold(id: string): Scaffold {
  if (!(SCAFFOLD_IDS as readonly string[]).includes(id)) {
    throw usageError(`unknown scaffold '${id}' (expected one of: ${SCAFFOLD_IDS.join(', ')})`);
  }
  return SCAFFOLDS[id as ScaffoldId];
}
