import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { errorMessage } from "./queue";

describe("errorMessage", () => {
  it("gives a failed query's reason and the start of its statement, without the parameters", () => {
    const statement = `update "jobs" set "status" = $1, "attempts" = "jobs"."attempts" + 1 where "jobs"."id" in (select id from "jobs" limit $2)`;
    const error = new DrizzleQueryError(statement, ["running", "secret-parameter"], new Error('database "shop" is not currently accepting connections'));
    expect(errorMessage(error)).toBe(
      `database "shop" is not currently accepting connections (in update "jobs" set "status" = $1, "attempts" = "jobs"."attemp…)`,
    );
  });

  it("keeps a short statement whole", () => {
    expect(errorMessage(new DrizzleQueryError("select 1", [], new Error("connection refused")))).toBe("connection refused (in select 1)");
  });

  it("gives any other error's message, and a thrown value as text", () => {
    expect(errorMessage(new Error("receiver answered 500"))).toBe("receiver answered 500");
    expect(errorMessage("plain")).toBe("plain");
  });
});
