#!/usr/bin/env node
// Checks that an `ahd report` page renders its charts in a real browser (Debian's headless Chromium).
//
//   node scripts/check-report-render.mjs <report.html> [--screenshot <file.png>] [--expect-charts <n>]
//                                        [--chromium <path>]
//
// The page's own script (src/report/page.js) draws every chart with Chart.js, counts the inked pixels of each
// canvas and sets <body data-rendered="ok" data-charts data-ink data-points>. This script loads the page with
// --dump-dom after a virtual-time budget, reads those attributes back and fails unless every chart drew
// (inked pixels and plotted points). --screenshot also saves a picture of the page to look at.
// Prints one JSON line; exit 0 = rendered, 1 = not rendered, 2 = bad arguments or no browser.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A chart that drew axes, ticks and lines covers thousands of pixels; a blank canvas covers none. */
const MIN_INKED_PIXELS = 2000;
const WINDOW = '1280,2400';

function fail(status, message, extra = {}) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: message, ...extra })}\n`);
  process.exit(status);
}

function parseArgs(argv) {
  const args = { chromium: '/usr/bin/chromium', screenshot: undefined, expectCharts: undefined, file: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? fail(2, `${arg} needs a value`);
    if (arg === '--screenshot') args.screenshot = resolve(value());
    else if (arg === '--chromium') args.chromium = value();
    else if (arg === '--expect-charts') args.expectCharts = Number(value());
    else if (arg.startsWith('--')) fail(2, `unknown option ${arg}`);
    else args.file = resolve(arg);
  }
  if (!args.file) fail(2, 'usage: check-report-render.mjs <report.html> [--screenshot <file.png>] [--expect-charts <n>]');
  if (!existsSync(args.file)) fail(2, `${args.file}: no such file`);
  if (!existsSync(args.chromium)) fail(2, `${args.chromium}: no browser (apt-get install -y chromium)`);
  return args;
}

/** Runs headless Chromium once with a throwaway profile; returns stdout. */
function chromium(binary, extraFlags, url) {
  const profile = mkdtempSync(join(tmpdir(), 'ahd-chromium-'));
  try {
    return execFileSync(
      binary,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        `--window-size=${WINDOW}`,
        '--virtual-time-budget=5000',
        ...extraFlags,
        url,
      ],
      { encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    fail(1, `chromium failed: ${error.message.split('\n')[0]}`, { stderr: String(error.stderr ?? '').slice(-2000) });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

function bodyAttributes(dom) {
  const body = /<body\b([^>]*)>/i.exec(dom);
  if (!body) return {};
  const attributes = {};
  for (const m of body[1].matchAll(/([\w-]+)="([^"]*)"/g)) attributes[m[1]] = m[2].replace(/&amp;/g, '&');
  return attributes;
}

const args = parseArgs(process.argv.slice(2));
const url = pathToFileURL(args.file).href;
const attributes = bodyAttributes(chromium(args.chromium, ['--dump-dom'], url));
const rendered = attributes['data-rendered'];
const charts = Number(attributes['data-charts'] ?? 0);
const ink = (attributes['data-ink'] ?? '').split(',').filter(Boolean).map(Number);
const points = (attributes['data-points'] ?? '').split(',').filter(Boolean).map(Number);
const result = { file: args.file, rendered: rendered ?? null, charts, ink, points };

if (rendered !== 'ok') fail(1, `page did not report rendered charts (data-rendered=${rendered ?? 'absent'})`, result);
if (args.expectCharts !== undefined && charts !== args.expectCharts) fail(1, `expected ${args.expectCharts} charts, found ${charts}`, result);
const faint = ink.findIndex((n) => n < MIN_INKED_PIXELS);
if (faint >= 0) fail(1, `chart ${faint + 1} inked only ${ink[faint]} pixels (< ${MIN_INKED_PIXELS})`, result);

if (args.screenshot) {
  chromium(args.chromium, [`--screenshot=${args.screenshot}`], url);
  if (!existsSync(args.screenshot) || statSync(args.screenshot).size === 0) fail(1, 'chromium wrote no screenshot', result);
  result.screenshot = args.screenshot;
}
process.stdout.write(`${JSON.stringify({ ok: true, ...result })}\n`);
