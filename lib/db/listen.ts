import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";

export interface ChannelHandlers {
  notice(payload: string): void;
  /**
   * Listening started (true) or stopped (false). Notices sent while an instance was not listening are
   * lost, so whatever notices keep fresh must not be trusted across either change.
   */
  listening(listening: boolean): void;
}

export interface ChannelListener {
  stop(): Promise<void>;
}

const RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on a connection of its own, which postgres.js' sql.listen would also open, but whose loss
 * this sees: postgres.js re-listens after a lost connection without telling its caller, and the
 * notices sent in between are gone.
 */
export function listenOnPostgres(url: string, channel: string, handlers: ChannelHandlers): ChannelListener {
  let listening = false;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    handlers.listening(value);
  };
  const scheduleListen = () => {
    if (stopped || retry) return;
    retry = setTimeout(listen, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };
  // postgres.js reads onnotify (its own listen() is built on it) but leaves it out of its types.
  const onnotify = (name: string, payload: string) => {
    if (name === channel) handlers.notice(payload);
  };
  const sql = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    onnotice: () => {},
    connection: { application_name: "reseller-panel-listen" },
    onclose: () => {
      setListening(false);
      scheduleListen();
    },
    ...({ onnotify } as object),
  });
  function listen() {
    retry = undefined;
    sql.unsafe(`listen "${channel.replace(/"/g, '""')}"`).then(() => {
      if (stopped) return;
      failures = 0;
      setListening(true);
    }, scheduleListen);
  }
  listen();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      setListening(false);
      await sql.end({ timeout: 1 });
    },
  };
}

/** The embedded database runs in this process: its notices arrive with the result of the committing statement. */
export function listenOnPglite(client: PGlite, channel: string, handlers: ChannelHandlers): ChannelListener {
  let stopped = false;
  const unsubscribe = client
    .listen(channel, (payload) => handlers.notice(payload))
    .then((off) => {
      if (!stopped) handlers.listening(true);
      return off;
    });
  return {
    async stop() {
      stopped = true;
      handlers.listening(false);
      await (
        await unsubscribe
      )();
    },
  };
}
