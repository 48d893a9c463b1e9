/**
 * Turns per key, given in the order they are asked for: a turn comes once every turn asked before it
 * under the same key was released. Recovered deliveries of a reseller take turns, so that a worker
 * sends them in event order, each once the one before it was answered.
 */
const tails = new Map<string, Promise<void>>();

/** Resolves, when this turn comes, with the function that ends it (calling it again does nothing). */
export function waitTurn(key: string): Promise<() => void> {
  const before = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  tails.set(key, done);
  // The last in line clears its key, so the map holds only keys with turns waiting.
  void done.then(() => {
    if (tails.get(key) === done) tails.delete(key);
  });
  return before.then(() => release);
}
