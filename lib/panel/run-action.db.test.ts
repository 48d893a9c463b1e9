import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { runAction } from "./run-action";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** The error lines the process logged meanwhile. */
const errors = (log: ReturnType<typeof captureLog>) => log.lines().filter((line) => Number(line.level) >= 50);

describe(`runAction (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers text the database cannot store with a message, not a logged failure", async () => {
    const logged = captureLog();
    try {
      for (const store of [
        () => database.db.execute(sql`select ${"a\u0000b"}::text`),
        () => database.db.execute(sql`select ${'{"note": "a\\u0000b"}'}::jsonb`),
      ]) {
        expect(
          await runAction(async () => {
            await store();
            return { ok: true };
          }),
        ).toEqual({ ok: false, message: "Text must not contain a NUL character." });
      }
      expect(errors(logged)).toEqual([]);
    } finally {
      logged.restore();
    }
  });

  it("still reports any other failure as generic, and logs it", async () => {
    const logged = captureLog();
    try {
      const state = await runAction(async () => {
        await database.db.execute(sql`select 1 / 0`);
        return { ok: true };
      });
      expect(state).toEqual({ ok: false, message: "Something went wrong. Try again in a moment." });
      expect(errors(logged)).toHaveLength(1);
    } finally {
      logged.restore();
    }
  });
});
