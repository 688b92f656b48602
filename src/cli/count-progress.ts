/**
 * Progress of a counted task on stderr ("  k of n samples generated"): on a terminal one line redrawn as it
 * moves; otherwise (a log file, a pipe) a line at each quarter and at the end, so a log shows it without one
 * ever-growing line.
 */
export function countProgress(what: string, stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY'> = process.stderr) {
  let next = 0;
  return {
    update(done: number, total: number): void {
      if (stream.isTTY) {
        stream.write(`\r  ${done} of ${total} ${what}`);
        return;
      }
      if (done < next && done < total) return;
      stream.write(`  ${done} of ${total} ${what}\n`);
      next = done + Math.max(1, Math.ceil(total / 4));
    },
    /** Ends the redrawn line (a terminal only) and starts the count again. */
    end(): void {
      if (stream.isTTY) stream.write('\n');
      next = 0;
    },
  };
}
