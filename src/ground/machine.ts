import { cpus, release, totalmem, type } from 'node:os';

/** What a machine says of itself: enough to read the times measured on it. */
export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
}

export function describeMachine(): MachineInfo {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() || 'unknown CPU',
    cores: cores.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
  };
}

export function machineLine(m: MachineInfo): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}`;
}
