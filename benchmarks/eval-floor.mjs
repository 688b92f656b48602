// The least a sandboxed `ahd eval` can cost on this machine while the isolation keeps its own process: a host
// node process forks a child with --no-node-snapshot (isolated-vm needs it), the child loads isolated-vm, makes one
// isolate and runs one script, and both exit. No ahd module is loaded and nothing is evaluated, so the real command
// costs this plus its own modules plus the evaluation. Time it whole, e.g. `/usr/bin/time node benchmarks/eval-floor.mjs`
// (benchmarks/results/throughput.md uses the median of 10).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';

if (process.argv[2] === 'child') {
  const ivm = createRequire(import.meta.url)('isolated-vm');
  const isolate = new ivm.Isolate({ memoryLimit: 128 });
  isolate.compileScriptSync('1 + 1').runSync(isolate.createContextSync());
  process.send('ready', () => process.exit(0));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['child'], { execArgv: ['--no-node-snapshot'] });
  child.once('message', () => child.disconnect());
  child.once('exit', (code) => process.exit(code ?? 1));
}
