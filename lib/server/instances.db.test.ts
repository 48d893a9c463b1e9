import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { instances } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { appVersion, recentInstances, recordHeartbeat, startHeartbeat, thisProcess } from "./instances";

describe(`instances seen recently (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  const silentFor = (id: string, interval: string) =>
    db
      .update(instances)
      .set({ lastSeenAt: sql`now() - ${interval}::interval` })
      .where(eq(instances.id, id));

  it("lists a beating server and worker with this build's version, and not one silent for minutes", async () => {
    const server = thisProcess("host-a:100:aaaaaa", "server");
    const worker = { ...thisProcess("host-b:200:bbbbbb", "worker"), host: "host-b", pid: 200 };
    const gone = thisProcess("host-c:300:cccccc", "worker");
    for (const instance of [server, worker, gone]) await recordHeartbeat(db, instance);
    await silentFor(gone.id, "5 minutes");

    const seen = await recentInstances(db);
    expect(seen.map((row) => [row.id, row.kind, row.host, row.pid])).toEqual([
      [server.id, "server", server.host, process.pid],
      [worker.id, "worker", "host-b", 200],
    ]);
    expect(seen[0].version).toBe(appVersion());
    expect(appVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(seen[0].seenSecondsAgo).toBeLessThan(5);
  });

  it("brings a silent instance back with its next beat, and prunes one silent for a day", async () => {
    const instance = thisProcess("host-d:400:dddddd", "server");
    await recordHeartbeat(db, instance);
    await silentFor(instance.id, "5 minutes");
    await recordHeartbeat(db, instance);
    expect((await recentInstances(db)).map((row) => row.id)).toContain(instance.id);

    await silentFor(instance.id, "25 hours");
    await recordHeartbeat(db, thisProcess("host-e:500:eeeeee", "server"));
    expect(await db.select().from(instances).where(eq(instances.id, instance.id))).toEqual([]);
  });

  it("beats at once when started and leaves the list when stopped", async () => {
    const instance = thisProcess("host-f:600:ffffff", "worker");
    const heartbeat = startHeartbeat(db, instance, () => {});
    await expect.poll(async () => (await recentInstances(db)).some((row) => row.id === instance.id)).toBe(true);
    await heartbeat.stop();
    expect((await recentInstances(db)).some((row) => row.id === instance.id)).toBe(false);
  });
});
