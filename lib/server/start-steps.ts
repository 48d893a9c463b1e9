/**
 * Times the steps an instance takes before it listens, for the line it logs once ready: what a
 * restart under load waits on, measured on the instance itself.
 */
export function startSteps(now: () => number = performance.now.bind(performance)) {
  // performance.now() counts from the process' start: what it was when the steps began is the time
  // spent loading the server's modules.
  const started = now();
  const steps: { name: string; ms: number }[] = [];
  return {
    async time<T>(name: string, step: () => Promise<T> | T): Promise<T> {
      const at = now();
      try {
        return await step();
      } finally {
        steps.push({ name, ms: now() - at });
      }
    },
    /**
     * "ready 3.1 s after the process started (its modules 1.5 s): next prepare 1.6 s, migrations 310 ms, ...",
     * slowest step first; the steps overlap, so they add up to more than the whole.
     */
    summary(): string {
      const format = (ms: number) => (ms >= 1_000 ? `${(ms / 1_000).toFixed(1)} s` : `${Math.round(ms)} ms`);
      const listed = [...steps].sort((a, b) => b.ms - a.ms).map((step) => `${step.name} ${format(step.ms)}`);
      return `ready ${format(now())} after the process started (its modules ${format(started)}): ${listed.join(", ")}`;
    },
  };
}
