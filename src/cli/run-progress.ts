import type { Problem } from '../problems/types.ts';
import type { RunProgress } from '../engine/session.ts';
import { naturalObjective } from '../engine/finish-run.ts';
import { formatObjective } from '../ground/format-objective.ts';

/**
 * The live status line of `ahd run` on stderr: generation, samples, valid share, best objective (natural sign),
 * samples per minute (of samples made by this process). On a terminal it redraws one line (at most 4 times a second); otherwise it prints a line
 * per finished generation.
 */
export class ProgressLine {
  readonly #problem: Problem;
  readonly #stream: NodeJS.WriteStream;
  readonly #started = Date.now();
  #lastDraw = 0;
  /** Off a terminal a line is printed per finished generation (the initial EoH population is not one). */
  #lastGeneration = 0;
  #drawn = false;

  constructor(problem: Problem, stream: NodeJS.WriteStream = process.stderr) {
    this.#problem = problem;
    this.#stream = stream;
  }

  update(progress: RunProgress): void {
    if (this.#stream.isTTY) {
      const now = Date.now();
      if (now - this.#lastDraw < 250 && progress.generation === this.#lastGeneration) return;
      this.#lastDraw = now;
      this.#lastGeneration = progress.generation;
      this.#stream.write(`\r${this.format(progress)}\x1b[K`);
      this.#drawn = true;
    } else if (progress.generation !== this.#lastGeneration) {
      this.#lastGeneration = progress.generation;
      this.#stream.write(`${this.format(progress)}\n`);
    }
  }

  /** Ends the redrawn line so later output starts on a fresh one. */
  stop(): void {
    if (this.#drawn) this.#stream.write('\n');
    this.#drawn = false;
  }

  format(progress: RunProgress): string {
    const minutes = (Date.now() - this.#started) / 60_000;
    const share = progress.samples > 0 ? Math.round((100 * progress.valid) / progress.samples) : 0;
    const best = progress.best === null ? '-' : formatObjective(naturalObjective(this.#problem, progress.best));
    // A resumed run first replays its logged generations: no rate to show until the model answers again.
    const rate =
      progress.fresh === 0 && progress.samples > 0
        ? 'replayed from the event log'
        : `${(minutes > 0 ? progress.fresh / minutes : 0).toFixed(1)} samples/min`;
    return `gen ${progress.generation}/${progress.totalGenerations}  samples ${progress.samples} (valid ${share}%)  best ${best}  ${rate}`;
  }
}
