export interface StopPlan {
  /** How long the stop may wait for requests and jobs in progress. */
  graceMs: number;
  /** What the rest (closing the database) may add before the process exits regardless. */
  marginMs: number;
  /** What the stop waits for, in its log line: "requests", "jobs". */
  inProgress: string;
  /** Everything a graceful stop does: drain the server, stop the worker, close the database. */
  stop(): Promise<void>;
  /** Runs on every way out (the embedded database's directory lock). */
  release(): void;
  exit(code: number): void;
  log(line: string): void;
}

/**
 * The handler of SIGTERM and SIGINT. The first starts the graceful stop, which ends the process
 * within graceMs + marginMs whatever it waits on (a request, a job, a database that stopped
 * answering): a stop that hung after database blips kept an instance alive, at full CPU, for minutes.
 * A second signal is an operator who wants the process gone: it exits at once.
 */
export function stopOnSignal(plan: StopPlan): (signal: string) => void {
  let stopping = false;
  const exit = (code: number) => {
    plan.release();
    plan.exit(code);
  };
  return (signal) => {
    if (stopping) {
      plan.log(`${signal} again: stopping now`);
      return exit(1);
    }
    stopping = true;
    plan.log(`${signal}: finishing the ${plan.inProgress} in progress, then stopping`);
    setTimeout(() => {
      plan.log("the stop took too long: exiting with work unfinished (jobs run again once their leases expire)");
      exit(1);
    }, plan.graceMs + plan.marginMs).unref();
    plan.stop().then(
      () => exit(0),
      (error: unknown) => {
        plan.log(`the stop failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
}
