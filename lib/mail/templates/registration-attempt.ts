import { renderMail } from "./layout";

export function registrationAttemptMail(to: string, links: { signIn: string; forgotPassword: string }) {
  return renderMail({
    kind: "registration_attempt",
    to,
    subject: "Someone tried to register with your address",
    lines: [
      "Someone tried to open a new reseller account with this address, which already has one. No account was made.",
      `If it was you, sign in at ${links.signIn} instead.`,
    ],
    action: { label: "Forgot your password? Reset it", url: links.forgotPassword },
    after: ["If it was not you, nothing needs doing."],
  });
}
