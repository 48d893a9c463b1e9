"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** A failed read is tried once more after this long before the view says it is reconnecting. */
const RETRY_MS = 1000;

export interface Polling<T> {
  data: T;
  /** The last read failed, its retry too; `data` is what was read before. */
  failed: boolean;
  /** A read is under way. */
  fetching: boolean;
  /** `data` belongs to the previous key, while the new key's first read is under way. */
  previousKey: boolean;
  /** Reads now, and resolves once the view has the answer (or the failure). */
  refresh: () => Promise<void>;
}

/**
 * Data the server rendered, kept current by reading it again: every `every` ms (a function of the
 * data, or false to stop), when the tab comes back into view, and on `refresh()`. A new `key` reads at
 * once and shows the previous data until it arrives. Reads never overlap, and an answer that arrives
 * after a newer read started is dropped. It replaces react-query for the panel's few live views, at a
 * fraction of its weight.
 */
export function usePolling<T>({
  key,
  initial,
  load,
  every,
}: {
  key: string;
  initial: T;
  /** Reads the data, given what is shown now (a chat adds what is new to it). */
  load: (current: T) => Promise<T>;
  every: number | false | ((data: T) => number | false);
}): Polling<T> {
  const [state, setState] = useState({ data: initial, key, failed: false, fetching: false });
  const latest = useRef({ data: initial, load, key });
  useEffect(() => {
    latest.current = { data: state.data, load, key };
  });
  const reads = useRef({ started: 0, inFlight: null as Promise<void> | null });

  const refresh = useCallback(async () => {
    const read = ++reads.current.started;
    const { data, load: loader, key: readKey } = latest.current;
    setState((previous) => ({ ...previous, fetching: true }));
    const attempt = async (retries: number): Promise<T> => {
      try {
        return await loader(data);
      } catch (error) {
        if (retries === 0) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        return attempt(retries - 1);
      }
    };
    const done = attempt(1).then(
      (next) => {
        if (read === reads.current.started) setState({ data: next, key: readKey, failed: false, fetching: false });
      },
      () => {
        if (read === reads.current.started) setState((previous) => ({ ...previous, failed: true, fetching: false }));
      },
    );
    reads.current.inFlight = done;
    await done;
    if (reads.current.inFlight === done) reads.current.inFlight = null;
  }, []);

  // A tick while a read is under way waits for the next one, so a slow server is not asked twice.
  const tick = useCallback(() => {
    if (!reads.current.inFlight) void refresh();
  }, [refresh]);

  // A new key reads at once, from a task of its own (the read sets state, which an effect must not do in its own run).
  useEffect(() => {
    if (state.key === key) return;
    const timer = setTimeout(() => void refresh(), 0);
    return () => clearTimeout(timer);
  }, [key, state.key, refresh]);

  const delay = typeof every === "function" ? every(state.data) : every;
  useEffect(() => {
    if (delay === false) return;
    const timer = setInterval(tick, delay);
    return () => clearInterval(timer);
  }, [delay, tick]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, [tick]);

  return { data: state.data, failed: state.failed, fetching: state.fetching, previousKey: state.key !== key, refresh };
}
