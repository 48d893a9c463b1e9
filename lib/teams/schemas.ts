import { z } from "zod";
import { emailSchema, linkTokenSchema, nameSchema, passwordSchema } from "@/lib/accounts/schemas";
import { ASSIGNABLE_ROLES } from "./permissions";

const roleField = z.enum(ASSIGNABLE_ROLES, { message: "Choose a role." });
const idField = z.string().trim().min(1).max(64);

/** The members page's invitation form. */
export const inviteMemberFormSchema = z.object({ email: emailSchema, role: roleField });

/** A member's new role, from the members page. */
export const changeRoleFormSchema = z.object({ memberId: idField, role: roleField });

/** A member, an invitation or the two-factor switch, from the members page's buttons. */
export const memberIdInput = z.object({ memberId: idField });
export const invitationIdInput = z.object({ invitationId: idField });
export const twoFactorRequiredInput = z.object({ required: z.enum(["on", "off"]).transform((value) => value === "on") });

/** The invitation page's form: the invitee's name and password. */
export const acceptInvitationFormSchema = z
  .object({ token: linkTokenSchema, name: nameSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "The two passwords differ." });
