import { readJsonList, writeJsonAtomic } from '../ground/json-files.ts';
import type { MachineInfo } from '../ground/machine.ts';

/**
 * The machines `ahd table` ran runs on, as each described itself (src/ground/machine.ts), kept beside the table so
 * that its compute section says what its seconds were measured on, and a rebuild (--from) says the same.
 */
export const MACHINE_FILE = 'machine.json';

/** The machines of a machine.json; none when the file does not exist. A file that is not one is a usage error. */
export function readMachines(path: string): MachineInfo[] {
  return readJsonList<MachineInfo>(
    path,
    (m) => typeof m?.cpu === 'string' && typeof m.cores === 'number' && typeof m.memoryGiB === 'number' && typeof m.os === 'string' && typeof m.node === 'string',
    'a machine file (an array of {cpu, cores, memoryGiB, os, node})',
  );
}

/** The machines of several lists, each once, in the order first seen. */
export function mergeMachines(...lists: readonly (readonly MachineInfo[])[]): MachineInfo[] {
  const byKey = new Map<string, MachineInfo>();
  for (const m of lists.flat()) {
    const key = JSON.stringify([m.cpu, m.cores, m.memoryGiB, m.os, m.node]);
    if (!byKey.has(key)) byKey.set(key, { cpu: m.cpu, cores: m.cores, memoryGiB: m.memoryGiB, os: m.os, node: m.node });
  }
  return [...byKey.values()];
}

/** Writes machine.json (nothing when there is nothing to keep). */
export function writeMachines(path: string, machines: readonly MachineInfo[]): void {
  if (machines.length > 0) writeJsonAtomic(path, machines);
}
