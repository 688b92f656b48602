// Entry of every ahd worker thread (sandbox workers under piscina, model replicas). Plain JavaScript, loaded
// before any TypeScript loader: registers tsx in this thread when the parent runs from sources, then loads the
// worker module named in workerData.entry and re-exports its default export (piscina's task function).
// The top-level await also keeps piscina from require()-ing the module graph (Node 20 require(esm)).
import { workerData } from 'node:worker_threads';

if (workerData.fromSource) (await import('tsx/esm/api')).register();
const worker = await import(workerData.entry);
export default worker.default;
