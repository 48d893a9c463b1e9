import { z } from "zod";

export const announcementInput = z.object({
  title: z.string().trim().min(1, "Write a title.").max(120, "Keep the title to 120 characters."),
  body: z.string().trim().min(1, "Write the message.").max(4000, "Keep the message to 4,000 characters."),
});

export const notificationIdInput = z.object({ id: z.string().regex(/^ntf_[0-9A-Za-z]+$/, "Not a notification id.") });
