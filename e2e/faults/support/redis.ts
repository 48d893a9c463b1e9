/*
 * A redis-server of the suite's own on a free port, so that stopping it takes the rate-limit store
 * away from the suite's app instances only, never from the shared Redis at 6379 other suites use.
 */
import { createConnection } from "node:net";
import path from "node:path";
import { killChild, sleep, startChild, type Child } from "./children";

export interface OwnRedis {
  url: string;
  /** Stops the server abruptly, as a crash or a network cut would look to the app. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.setTimeout(500, () => socket.destroy());
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
  });
}

export async function startOwnRedis(port: number, logDir: string): Promise<OwnRedis> {
  let child: Child | undefined;
  const start = async () => {
    child = startChild("redis", "redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      env: process.env,
      logFile: path.join(logDir, "redis.log"),
    });
    for (let tries = 0; tries < 100; tries++) {
      if (await answersPing(port)) return;
      if (!child.running()) throw new Error(`redis-server exited; see ${child.logFile}`);
      await sleep(100);
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      if (child) await killChild(child);
    },
  };
}
