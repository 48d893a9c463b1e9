import { z } from "zod";
import { hasHiddenCharacter } from "@/lib/text/hidden-characters";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address." }));

export const passwordSchema = z.string().min(10, "Use at least 10 characters.").max(200, "Use at most 200 characters.");

export const nameSchema = z
  .string()
  .trim()
  .min(1, "Enter a name.")
  .max(100, "Use at most 100 characters.")
  .refine((name) => !hasHiddenCharacter(name), "Use letters, digits, spaces and punctuation only.");

/** The profile's password form, judged whole so that every field's mistake shows at once. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: "The two new passwords differ." });

/** The profile's two-factor forms: the password and a code, both needed, each refused under its own field. */
export const twoFactorFormSchema = z.object({
  password: z.string().min(1, "Enter your password.").max(200, "That is not your password: it is longer than any password here."),
  code: z
    .string()
    .trim()
    .min(1, "Enter the code from your authenticator app.")
    .max(40, "Enter the 6-digit code from your authenticator app, or a recovery code."),
});

/** The forgot-password form. */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });

/** A link's token as the form hands it back: its shape is judged by the token check, which says "not valid" for anything else. */
export const linkTokenSchema = z.string().max(200, "This link is not valid.");

/** The reset page's form: the new password twice, and the link's token. */
export const resetPasswordFormSchema = z
  .object({ token: linkTokenSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "The two passwords differ." });

/** The confirmation page's button. */
export const confirmEmailFormSchema = z.object({ token: linkTokenSchema });

/** The profile's change of address: the new address and the current password. */
export const changeEmailFormSchema = z.object({ email: emailSchema, currentPassword: z.string().min(1, "Enter your current password.") });
