import { existsSync } from 'node:fs';
import { usageError } from '../errors.ts';
import { tryReadJson, writeJsonAtomic } from '../ground/json-files.ts';
import type { MachineInfo } from '../ground/machine.ts';

/**
 * The machines `ahd table` ran runs on, as each described itself (src/ground/machine.ts), kept beside the table so
 * that its compute section says what its seconds were measured on, and a rebuild (--from) says the same.
 */
export const MACHINE_FILE = 'machine.json';

/** The machines of a machine.json; none when the file does not exist. A file that is not one is a usage error. */
export function readMachines(path: string): MachineInfo[] {
  if (!existsSync(path)) return [];
  const machines = tryReadJson<unknown>(path);
  const valid = (m: Partial<MachineInfo>) =>
    typeof m?.cpu === 'string' && typeof m.cores === 'number' && typeof m.memoryGiB === 'number' && typeof m.os === 'string' && typeof m.node === 'string';
  if (!Array.isArray(machines) || !machines.every(valid)) throw usageError(`${path}: not a machine file (an array of {cpu, cores, memoryGiB, os, node})`);
  return machines as MachineInfo[];
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
