import { resolve } from 'node:path';
import { z } from 'zod';
import { startEsServer } from '../../llm/es-server/server.ts';
import { parseOptions } from '../../ground/parse-options.ts';
import { bundledModelDir } from '../../llm/onnx/bundled-model.ts';
import { DEFAULT_SERVE_PORT } from '../serve.ts';


const serveFlagsSchema = z.object({
  model: z.string().min(1).optional(),
  port: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(0, 'must be in 0..65535').max(65535, 'must be in 0..65535').optional(),
  host: z.string().min(1).optional(),
  threads: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be >= 1').optional(),
});

export async function serveFromFlags(raw: unknown): Promise<void> {
  const flags = parseOptions(serveFlagsSchema, raw);
  const server = await startEsServer({
    modelDir: resolve(flags.model ?? bundledModelDir()),
    host: flags.host,
    port: flags.port ?? DEFAULT_SERVE_PORT,
    threads: flags.threads,
  });
  process.stdout.write(`${server.url}\n`);
  process.stderr.write(`ahd serve: ${server.model} on ${server.url} (Ctrl-C stops)\n`);
  const signal = await new Promise<NodeJS.Signals>((done) => {
    const stop = (received: NodeJS.Signals) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      done(received);
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
  process.stderr.write(`ahd serve: ${signal}: finishing the request in progress, then stopping\n`);
  // A second Ctrl-C stops at once; a repeated SIGTERM (one to the process group, one passed on by bin/ahd.js) waits.
  const now = () => process.exit(130);
  const wait = () => {};
  process.once('SIGINT', now).on('SIGTERM', wait);
  try {
    await server.close();
  } finally {
    process.off('SIGINT', now).off('SIGTERM', wait);
  }
}
