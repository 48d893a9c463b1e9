import { renderMail } from "./layout";

export function memberInvitationMail(to: string, input: { accountName: string; inviterName: string; role: string; link: string }) {
  return renderMail({
    kind: "member_invitation",
    to,
    subject: `${input.inviterName} invited you to ${input.accountName}'s reseller account`,
    lines: [
      `${input.inviterName} invited you to join ${input.accountName}'s reseller account as ${input.role}.`,
      "Follow the link to choose your name and password. It works once, for 7 days.",
    ],
    action: { label: "Accept the invitation", url: input.link },
    after: ["If you did not expect this, ignore this message: nothing happens without the link."],
  });
}
