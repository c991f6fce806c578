/**
 * Runs `run` now and then every `everyMs`, one run at a time (a run that takes longer than the interval
 * delays the next, never overlaps it), until stopped; `stop` waits for the run in progress. The timer
 * does not keep the process alive. A failed run is reported and the next one goes ahead.
 */
export function runEvery(
  run: () => Promise<unknown>,
  everyMs: number,
  onError: (err: unknown) => void,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = run().catch(onError);
  const timer = setInterval(() => {
    running = running.then(() => run().catch(onError));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
