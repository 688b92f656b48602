// Worker threads do not inherit tsx's loader, so a TypeScript worker starts here: register tsx in this
// thread, then import the module named in workerData.entry (works under bin/ahd.js, tsx and vitest).
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
