import { parentPort, workerData } from 'node:worker_threads';
import { AhdError } from '../../errors.ts';
import type { FromReplica, ReplicaInit, SerializedError, ToReplica } from './protocol.ts';
import { Replica } from './replica.ts';

/** Replica worker: owns one Replica and serves the pool's messages (see protocol.ts), one request at a time. */
class Cancelled extends Error {}

const port = parentPort!;
const post = (message: FromReplica) => port.postMessage(message);
const serialize = (error: unknown): SerializedError => ({
  code: error instanceof AhdError ? error.code : 'internal',
  message: error instanceof Error ? error.message : String(error),
  aborted: error instanceof Cancelled,
});

function serve(replica: Replica): void {
  let running: number | null = null;
  let cancelRunning = false;

  async function handle(message: ToReplica): Promise<void> {
    const { id } = message;
    if (message.type === 'cancel') {
      if (id === running) cancelRunning = true;
      return;
    }
    try {
      switch (message.type) {
        case 'generate': {
          running = id;
          cancelRunning = false;
          const check = () => {
            if (cancelRunning) throw new Cancelled('generation aborted');
          };
          post({ type: 'done', id, value: await replica.generateBatch(message.requests, check) });
          break;
        }
        case 'update':
          post({ type: 'done', id, value: replica.update(message.seeds, message.z, message.alpha) });
          break;
        case 'fingerprint':
          post({ type: 'done', id, value: replica.fingerprint() });
          break;
        case 'perturb':
          replica.perturb(message.seed, message.sigma);
          post({ type: 'done', id, value: null });
          break;
        case 'restore':
          replica.restore(message.seed, message.sigma);
          post({ type: 'done', id, value: null });
          break;
        case 'close':
          await replica.release();
          post({ type: 'done', id, value: null });
          port.close();
          break;
      }
    } catch (error) {
      post({ type: 'failed', id, error: serialize(error) });
    } finally {
      if (running === id) running = null;
    }
  }

  port.on('message', (message: ToReplica) => void handle(message));
  post({ type: 'ready' });
}

const { init } = workerData as { init: ReplicaInit };
try {
  serve(await Replica.create(init.spec, init.weights));
} catch (error) {
  post({ type: 'init-failed', error: serialize(error) });
}
