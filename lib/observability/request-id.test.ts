import { describe, expect, it } from "vitest";
import { parseTraceparent, usableRequestId } from "./request-id";

describe("ids a request may bring", () => {
  it("takes a short printable request id and refuses one with spaces, line breaks or too many characters", () => {
    expect(usableRequestId("req-42_a.b:c@d")).toBe("req-42_a.b:c@d");
    expect(usableRequestId("a b")).toBeNull();
    expect(usableRequestId("a\nb")).toBeNull();
    expect(usableRequestId("x".repeat(129))).toBeNull();
    expect(usableRequestId(["a", "b"])).toBeNull();
    expect(usableRequestId(undefined)).toBeNull();
  });

  it("reads a W3C traceparent of version 00 and refuses all-zero ids and other shapes", () => {
    expect(parseTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")).toEqual({
      traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      parentId: "00f067aa0ba902b7",
      sampled: true,
    });
    expect(parseTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")?.sampled).toBe(false);
    expect(parseTraceparent("00-00000000000000000000000000000000-00f067aa0ba902b7-01")).toBeNull();
    expect(parseTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01")).toBeNull();
    expect(parseTraceparent("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01")).toBeNull();
    expect(parseTraceparent("garbage")).toBeNull();
  });
});
