import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AhdError, ErrorCode, usageError } from '../../errors.ts';
import { oneLine } from '../../ground/one-line.ts';
import { Semaphore } from '../http/semaphore.ts';
import { badRequest, ROUTES, type Route } from './routes.ts';
import { ServedModel } from './served-model.ts';

/**
 * `ahd serve`: the ES model server protocol (reference section 6) over the onnx backend with one replica, on
 * node:http. Requests run one at a time, in arrival order, as the reference's single-threaded server does, so
 * an /es/apply ... /completions ... /es/revert sequence sees exactly the weights it set. Every response is JSON;
 * errors are `{ok: false, error}` with a 4xx status (5xx for server faults). One line per request is logged.
 */
export interface EsServerOptions {
  readonly modelDir: string;
  /** Default 127.0.0.1 (this machine only). */
  readonly host?: string;
  /** Default 0: a free port (the CLI defaults to the reference's 11012). */
  readonly port?: number;
  /** onnxruntime threads of the replica (default 1). */
  readonly threads?: number;
  /** Receives one line per request (default: stderr). */
  readonly log?: (line: string) => void;
}

export interface EsServer {
  /** Base URL, e.g. http://127.0.0.1:11012 */
  readonly url: string;
  /** The served model's name. */
  readonly model: string;
  /** Stops accepting requests, lets the ones in progress finish, then releases the model. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Logged status of a request whose client went away before the answer. */
const CLIENT_GONE = 499;

const httpError = (status: number, message: string) => new AhdError(ErrorCode.Usage, message, { context: { status } });

export async function startEsServer(options: EsServerOptions): Promise<EsServer> {
  const served = await ServedModel.load(options.modelDir, options.threads ?? 1);
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const oneAtATime = new Semaphore(1);
  let seedCounter = 0;
  let closing = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort(httpError(CLIENT_GONE, 'the client went away'));
    });
    let status = 200;
    let reply: object;
    try {
      const route = routeFor(req.method ?? '', path);
      const body = await readJson(req);
      if (closing) throw httpError(503, 'the server is shutting down');
      const release = await oneAtATime.acquire();
      try {
        reply = await route({ served, body, signal: gone.signal, nextSeed: () => seedCounter++ % 2 ** 32 });
      } finally {
        release();
      }
    } catch (error) {
      status = gone.signal.aborted ? CLIENT_GONE : statusOf(error);
      reply = { ok: false, error: oneLine(error instanceof Error ? error.message : String(error)) };
    }
    if (!res.destroyed) {
      // While closing, ask the client to drop the connection so the server can finish closing.
      res.writeHead(status, { 'content-type': 'application/json', ...(closing && { connection: 'close' }) });
      res.end(JSON.stringify(reply));
    }
    const failure = status >= 400 ? `: ${(reply as { error: string }).error}` : '';
    log(`ahd serve: ${req.method} ${path} ${status} ${Math.round(performance.now() - started)} ms${failure}`);
  }

  const server = createServer((req, res) => void handle(req, res));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await served.close();
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw usageError(`ahd serve: cannot listen on ${host}:${options.port ?? 0} (${code})`, { host, port: options.port });
  }
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    model: served.model.name,
    close() {
      closed ??= (async () => {
        closing = true;
        // Resolves once every connection has ended: idle ones now, busy ones after their (connection: close) answer.
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await served.close();
      })();
      return closed;
    },
  };
}

function routeFor(method: string, path: string): Route {
  const route = ROUTES[path];
  if (!route) throw httpError(404, `no route ${path} (serving ${Object.keys(ROUTES).join(', ')})`);
  if (method !== 'POST' && !(method === 'GET' && path === '/es/status')) throw httpError(405, `${path} takes POST, not ${method}`);
  return route;
}

/** The request body as JSON; an empty body is {}. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw httpError(413, `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('the request body is not JSON');
  }
}

/** 4xx for what the client can fix (bad fields, the wrong ES state, sigma too large, prompt too long), else 500. */
function statusOf(error: unknown): number {
  if (!(error instanceof AhdError)) return 500;
  const status = error.context.status;
  if (typeof status === 'number') return status;
  return error.code === ErrorCode.Usage || error.code === ErrorCode.Model || error.code === ErrorCode.Llm ? 400 : 500;
}
