import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { hiddenClassChanges } from "@/lib/server/testing/hidden-class";
import { keepNativeDate } from "./native-date";

describe("keepNativeDate", () => {
  it("puts back the native Date that Next's server replaces", () => {
    const native = Date;
    const restore = keepNativeDate();
    // Next's own extension, as its server installs it when it loads.
    createRequire(import.meta.url)("next/dist/server/node-environment-extensions/date");
    expect(globalThis.Date).not.toBe(native);
    expect(new Date(0).constructor).not.toBe(native);
    // Why it goes: on Node 20's V8 each of its dates got a hidden class of its own (Node 24's does not,
    // so that is not asserted here); restored, dates share one on either.

    restore();
    expect(globalThis.Date).toBe(native);
    expect(new Date(0).constructor).toBe(native);
    expect(Object.getOwnPropertyDescriptor(native.prototype, "constructor")).toMatchObject({ value: native, enumerable: false });
    expect(new Date(86_400_000).toISOString()).toBe("1970-01-02T00:00:00.000Z");
    expect(hiddenClassChanges((i) => new Date(i))).toBe(0);
  });

  it("leaves a Date nobody replaced alone", () => {
    const restore = keepNativeDate();
    restore();
    expect(new Date(0).constructor).toBe(Date);
  });
});
