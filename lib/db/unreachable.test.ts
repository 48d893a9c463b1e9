import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./unreachable";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnreachable", () => {
  it("knows a dropped or refused connection, a server shutting down and a FATAL refusal, also when drizzle wraps them", () => {
    for (const error of [
      Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      { code: "57P01", severity: "FATAL", message: "terminating connection due to administrator command" },
      { code: "55000", severity: "FATAL", message: 'database "shop" is not currently accepting connections' },
      { code: "08006", severity: "ERROR", message: "connection failure" },
    ]) {
      expect(isDatabaseUnreachable(error), JSON.stringify(error)).toBe(true);
      expect(isDatabaseUnreachable(wrapped(error)), `wrapped ${JSON.stringify(error)}`).toBe(true);
    }
  });

  it("leaves a statement's own errors and plain bugs to be internal errors", () => {
    for (const error of [
      { code: "23505", severity: "ERROR", message: "duplicate key value violates unique constraint" },
      { code: "55000", severity: "ERROR", message: "currval of sequence is not yet defined in this session" },
      new TypeError("Cannot read properties of undefined"),
      "a string",
      null,
    ]) {
      expect(isDatabaseUnreachable(error), String(error)).toBe(false);
      expect(isDatabaseUnreachable(wrapped(error)), `wrapped ${String(error)}`).toBe(false);
    }
  });

  it("ends on a cause chain that loops", () => {
    const a: { cause?: unknown } = {};
    a.cause = { cause: a };
    expect(isDatabaseUnreachable(a)).toBe(false);
  });
});
