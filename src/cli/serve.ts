import { resolve } from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { parseOptions } from '../ground/parse-options.ts';

/** The reference model server's port. */
const DEFAULT_SERVE_PORT = 11012;

/** `ahd serve`: one model over HTTP with the ES model-server protocol, for `ahd run --llm es-server`. */
export const serveCommand = new Command('serve')
  .description('serve a model over HTTP with the ES model-server protocol (for ahd run --llm es-server --endpoint <url>)')
  .option('--model <dir>', 'model directory (default: the bundled model)')
  .option('--port <n>', `port (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)`)
  .option('--host <address>', 'address to listen on (default 127.0.0.1: this machine only)')
  .option('--threads <n>', 'onnxruntime threads of the model (default 1)')
  .addHelpText(
    'after',
    '\nRoutes (POST, JSON): /completions, /v1/chat/completions, /es/init, /es/apply, /es/revert, /es/update, /es/reset,\n' +
      '/es/status (also GET). Requests run one at a time. Prints the base URL on stdout, one line per request on stderr;\n' +
      'SIGINT/SIGTERM let the request in progress finish, then stop.\n',
  )
  .action(serveAction);

const serveFlagsSchema = z.object({
  model: z.string().min(1).optional(),
  port: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(0, 'must be in 0..65535').max(65535, 'must be in 0..65535').optional(),
  host: z.string().min(1).optional(),
  threads: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be >= 1').optional(),
});

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function serveAction(raw: unknown): Promise<void> {
  const flags = parseOptions(serveFlagsSchema, raw);
  const { startEsServer } = await import('../llm/es-server/server.ts');
  const { bundledModelDir } = await import('../llm/onnx/bundled-model.ts');
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
