import { randomUUID } from "node:crypto";
import { z } from "zod";
import { describe, expect, it, vi } from "vitest";
import { accountSubject } from "@/lib/auth/refused-caller";
import type { User } from "@/lib/db/schema";
import { checkApiRateLimit } from "@/lib/ratelimit/limiter";
import { CHECK_FIELDS_MESSAGE, checkedCaller, formFields, runPanelAction, type AccountOf } from "./panel-action";

const reseller = { id: `usr_${randomUUID()}`, role: "reseller" } as User;
/** What is left of the reseller's budget of a category; reading it spends one. */
const left = async (category: "default" | "order_create") => (await checkApiRateLimit(category, accountSubject(reseller.id))).remaining;
const asReseller: AccountOf = async () => ({ account: reseller, member: reseller, memberRole: "owner" });
const input = z.object({ name: z.string().min(1, "Give a name."), note: z.string().default("") });
const echo = async ({ input: given }: { input: z.output<typeof input> }) => ({ ok: true, message: `Saved ${given.name}.` });

describe("a panel action", () => {
  it("hands the work the account and the typed input, and counts the budget only once the input parses", async () => {
    const spec = {
      role: "reseller" as const,
      capability: "orders_write" as const,
      budget: { category: "order_create" as const, what: "saves" },
      input,
      echo: ["name"],
    };
    const before = await left("order_create");
    expect(await runPanelAction(spec, echo, { name: "Shop" }, asReseller)).toEqual({ ok: true, message: "Saved Shop." });
    expect(await left("order_create")).toBe(before - 2);
    expect(await runPanelAction(spec, echo, { name: "" }, asReseller)).toEqual({
      ok: false,
      message: CHECK_FIELDS_MESSAGE,
      fieldErrors: { name: "Give a name." },
      values: { name: "" },
    });
    expect(await left("order_create")).toBe(before - 3);
  });

  it("refuses what the API refuses before the schema sees it: a NUL, a lone surrogate, __proto__", async () => {
    const spec = { role: "reseller" as const, input, rename: { name: "displayName" } };
    expect(await runPanelAction(spec, echo, { name: "a\u0000b" }, asReseller)).toMatchObject({
      ok: false,
      fieldErrors: { displayName: "Must not contain a NUL character." },
    });
    expect(await runPanelAction(spec, echo, { name: "a\ud800b" }, asReseller)).toMatchObject({
      ok: false,
      fieldErrors: { displayName: expect.stringContaining("well-formed Unicode") },
    });
    expect(await runPanelAction(spec, echo, JSON.parse('{"name": "x", "__proto__": {"admin": true}}'), asReseller)).toMatchObject({
      ok: false,
      fieldErrors: { __proto__: "Unknown field." },
    });
  });

  it("refuses input past its size, as the API refuses a body over 64 KiB, unless the action takes more", async () => {
    const spec = { role: "reseller" as const, input };
    expect(await runPanelAction(spec, echo, { name: "x".repeat(70_000) }, asReseller)).toMatchObject({ ok: false, message: "The form is over 64 KiB." });
    expect(await runPanelAction({ ...spec, maxChars: 100_000 }, echo, { name: "x".repeat(70_000) }, asReseller)).toMatchObject({ ok: true });
    // A bigint from a page's call is counted, and judged by the schema, not a failure of the count.
    expect(await runPanelAction(spec, echo, { name: 10n }, asReseller)).toMatchObject({ ok: false, fieldErrors: { name: expect.any(String) } });
  });

  it("answers a page's own control with the issue's message, and keeps a message the work answered with its fields", async () => {
    const spec = { role: "reseller" as const, input };
    expect(await runPanelAction(spec, echo, { name: "" }, asReseller, "message")).toEqual({
      ok: false,
      message: "Give a name.",
      fieldErrors: { name: "Give a name." },
    });
    const answered = async () => ({ ok: false, message: "Paste at least one code.", fieldErrors: { name: "One code per line." } });
    expect(await runPanelAction(spec, answered, { name: "x" }, asReseller)).toEqual({
      ok: false,
      message: "Paste at least one code.",
      fieldErrors: { name: "One code per line." },
    });
  });

  it("answers a refused account as the session does, before reading the input", async () => {
    const refused: AccountOf = async () => {
      throw Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/login;307;" });
    };
    const work = vi.fn(echo);
    await expect(runPanelAction({ role: "admin", input }, work, { name: "x" }, refused)).rejects.toThrow("NEXT_REDIRECT");
    expect(work).not.toHaveBeenCalled();
  });

  it("lets a member's role through only to the actions its capabilities name, and keeps admins and members apart", async () => {
    const developer = { id: "usr_dev", role: "member", memberRole: "developer", twoFactorRequired: false } as User;
    const signedIn = { account: reseller, member: developer, memberRole: "developer" as const };
    await expect(checkedCaller(signedIn, "reseller", "api_keys")).resolves.toBe(signedIn);
    await expect(checkedCaller(signedIn, "reseller", "orders_write")).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("Your role (developer)"),
    });
    await expect(checkedCaller(signedIn, "admin", undefined)).rejects.toMatchObject({ code: "forbidden" });
    await expect(checkedCaller(signedIn, "signed-in", undefined)).resolves.toBe(signedIn);
    const admin = { id: "usr_admin", role: "admin" } as User;
    await expect(checkedCaller({ account: admin, member: admin, memberRole: null }, "reseller", "catalog")).rejects.toMatchObject({ code: "forbidden" });
  });

  it("reads a form's text fields, a repeated name as a list, and leaves out React's own fields", () => {
    const form = new FormData();
    form.append("name", "Shop");
    form.append("ids", "a");
    form.append("ids", "b");
    form.append("$ACTION_ID_abc", "");
    form.append("file", new Blob(["x"]));
    expect(formFields(form)).toEqual({ name: "Shop", ids: ["a", "b"] });
  });
});
