import { renderMail } from "./layout";

export function emailChangedMail(to: string, newAddress: string, forgotPassword: string) {
  return renderMail({
    kind: "email_changed",
    to,
    subject: "Your account's email address is changing",
    lines: [
      `Your reseller account asked to change its email address to ${newAddress}. Once the new address is confirmed, it signs in with that address and this one receives nothing more.`,
      "If you did not ask for this, someone may know your password: reset it now.",
    ],
    action: { label: "Reset your password", url: forgotPassword },
  });
}
