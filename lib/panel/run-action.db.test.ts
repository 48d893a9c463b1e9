import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { runAction } from "./run-action";

describe(`runAction (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers text the database cannot store with a message, not a logged failure", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
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
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("still reports any other failure as generic, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const state = await runAction(async () => {
        await database.db.execute(sql`select 1 / 0`);
        return { ok: true };
      });
      expect(state).toEqual({ ok: false, message: "Something went wrong. Try again in a moment." });
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });
});
