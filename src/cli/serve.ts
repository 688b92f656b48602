import { Command } from 'commander';

/** The reference model server's port. */
export const DEFAULT_SERVE_PORT = 11012;

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
  .action(async (raw: unknown) => (await import('./actions/serve.ts')).serveFromFlags(raw));

