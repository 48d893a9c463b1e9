import type { z } from "zod";
import { MAX_BODY_BYTES, parseInput } from "@/lib/api/parse-input";
import { requireSignedIn, type SignedIn } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { can, refusalOf, type Capability } from "@/lib/teams/permissions";
import { mustSetUpTwoFactor } from "@/lib/teams/two-factor-policy";
import { AppError, type ValidationIssue } from "@/lib/errors/app-error";
import type { RateCategory } from "@/lib/ratelimit/categories";
import type { ActionState } from "./action-state";
import { spendPanelBudget } from "./panel-budget";
import { runAction } from "./run-action";

/*
 * The panel's counterpart of apiHandler: every server action states who may call it, what it counts
 * against the API's budgets, and the zod schema of its input, and gets the signed-in account and typed
 * input. The input is read as the API reads a body (lib/api/parse-input.ts): NUL, lone surrogates, deep
 * nesting and `__proto__` are refused the same way, then the schema judges it, so the panel reuses the
 * API's schemas instead of parsing FormData by hand.
 */

/**
 * Who may call the action: a member of a reseller account whose role has the spec's capability, an
 * admin, any signed-in person (their own profile), or anyone (registration).
 */
export type PanelRole = "reseller" | "admin" | "signed-in" | "public";

export interface PanelActionSpec<S extends z.ZodType, R extends PanelRole = PanelRole> {
  role: R;
  /** For a reseller's action: what the member's role must be able to do (lib/teams/permissions.ts). */
  capability?: R extends "reseller" ? Capability : never;
  /** Counted once the input parses, so a typo does not use up the budget. */
  budget?: { category: RateCategory; what: string };
  input: S;
  /** A form field's name for an issue's path, where the two differ. */
  rename?: Record<string, string>;
  /** Fields handed back with a refusal, so the form keeps what was typed (never a secret or a password). */
  echo?: readonly string[];
  /** The most characters the input may hold, as the API bounds a body (MAX_BODY_BYTES) unless the action takes more. */
  maxChars?: number;
}

export interface PanelActionContext<I, R extends PanelRole = PanelRole> {
  /** The signed-in account (the reseller account a member acts for); none for a public action. */
  user: R extends "public" ? null : User;
  /** The person signed in, for what is their own (password, two-factor, the audit log's actor); none for a public action. */
  member: R extends "public" ? null : User;
  input: I;
}

export type PanelState<T> = ActionState<T> & { values?: Record<string, string> };

export const CHECK_FIELDS_MESSAGE = "Check the highlighted fields.";

/** How the caller is found: the session's, in an action; tests hand their own. */
export type AccountOf = (role: PanelRole, capability: Capability | undefined) => Promise<SignedIn | null>;

const NOT_YOURS = "This action is not available to your account.";

/** The session's account and person, refused (403) when the spec's role or capability is not theirs. */
export async function checkedCaller(signedIn: SignedIn, role: PanelRole, capability: Capability | undefined): Promise<SignedIn> {
  if (role === "admin" && signedIn.account.role !== "admin") throw new AppError("forbidden", NOT_YOURS);
  if (role !== "reseller") return signedIn;
  if (signedIn.account.role !== "reseller" || !signedIn.memberRole) throw new AppError("forbidden", NOT_YOURS);
  if (await mustSetUpTwoFactor(signedIn, db)) throw new AppError("forbidden", "Set up two-factor sign-in on your profile first: this account requires it.");
  if (!capability || !can(signedIn.memberRole, capability)) throw new AppError("forbidden", refusalOf(signedIn.memberRole));
  return signedIn;
}

const sessionAccount: AccountOf = async (role, capability) => (role === "public" ? null : checkedCaller(await requireSignedIn(), role, capability));

/**
 * A form's fields as an object: text as text, a name sent more than once as a list; files (no action
 * takes one) and React's own `$ACTION_` fields, which a form sent without JavaScript carries, left out.
 */
export function formFields(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name.startsWith("$ACTION")) continue;
    const before = fields[name];
    fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}

function fieldErrorsOf(issues: ValidationIssue[], rename: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = rename[issue.path] ?? issue.path;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

function echoed(input: unknown, names: readonly string[] | undefined): Record<string, string> | undefined {
  if (!names || !input || typeof input !== "object") return undefined;
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = (input as Record<string, unknown>)[name];
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * The action's work under its spec, with the account found by `accountOf`: what panelAction and
 * panelCall run, and what tests call. A refused input is answered for a form (`fields`: its fields
 * highlighted) or for a page's own control (`message`: the first issue's message says it).
 */
export async function runPanelAction<S extends z.ZodType, T, R extends PanelRole>(
  spec: PanelActionSpec<S, R>,
  work: (context: PanelActionContext<z.output<S>, R>) => Promise<ActionState<T>>,
  raw: unknown,
  accountOf: AccountOf = sessionAccount,
  refusal: "fields" | "message" = "fields",
): Promise<PanelState<T>> {
  const rename = spec.rename ?? {};
  let answered = false;
  const state = await runAction<T>(
    async () => {
      const signedIn = await accountOf(spec.role, spec.capability);
      const user = signedIn?.account ?? null;
      const maxChars = spec.maxChars ?? MAX_BODY_BYTES;
      // A page's call may hand a bigint (React sends them), which JSON cannot write but the size counts.
      if ((JSON.stringify(raw, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)) ?? "").length > maxChars)
        throw new AppError("payload_too_large", `The form is over ${Math.floor(maxChars / 1024)} KiB.`);
      let input: z.output<S>;
      try {
        input = parseInput(spec.input, raw, "");
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "validation_error") throw error;
        const issues = Array.isArray(error.details.issues) ? (error.details.issues as ValidationIssue[]) : [];
        const fieldErrors = fieldErrorsOf(issues, rename);
        const message = refusal === "fields" && Object.keys(fieldErrors).length > 0 ? CHECK_FIELDS_MESSAGE : (issues[0]?.message ?? error.message);
        return { ok: false, message, fieldErrors };
      }
      if (spec.budget && user) await spendPanelBudget(user.id, spec.budget.category, spec.budget.what);
      const answer = await work({
        user: user as PanelActionContext<z.output<S>, R>["user"],
        member: (signedIn?.member ?? null) as PanelActionContext<z.output<S>, R>["member"],
        input,
      });
      answered = true;
      return answer;
    },
    { rename },
  );
  if (state.ok) return state;
  // A refusal thrown by the domain naming a field reads on a form as the schema's do; a refusal the
  // work answered keeps its own words.
  const aboutFields = refusal === "fields" && !answered && Object.keys(state.fieldErrors ?? {}).length > 0;
  const values = echoed(raw, spec.echo);
  return { ...state, ...(aboutFields ? { message: CHECK_FIELDS_MESSAGE } : {}), ...(values ? { values } : {}) };
}

/** A form's server action (useActionState hands it the previous state and the form). */
export function panelAction<S extends z.ZodType, T = undefined, R extends PanelRole = PanelRole>(
  spec: PanelActionSpec<S, R>,
  work: (context: PanelActionContext<z.output<S>, R>) => Promise<ActionState<T>>,
): (previous: PanelState<T>, form: FormData) => Promise<PanelState<T>> {
  return async (_previous, form) => runPanelAction(spec, work, formFields(form));
}

/**
 * A server action the page calls with arguments (or useActionState with the previous state alone):
 * `toInput` makes the schema's object of them; without it the action takes nothing.
 */
export function panelCall<S extends z.ZodType, T = undefined, A extends unknown[] = [], R extends PanelRole = PanelRole>(
  spec: PanelActionSpec<S, R>,
  work: (context: PanelActionContext<z.output<S>, R>) => Promise<ActionState<T>>,
  toInput: (...args: A) => unknown = () => ({}),
): (...args: A) => Promise<PanelState<T>> {
  return async (...args) => runPanelAction(spec, work, toInput(...args), sessionAccount, "message");
}
