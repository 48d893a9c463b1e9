import { registerJobHandler } from "@/lib/jobs/registry";
import { MAIL_SEND_JOB } from "./enqueue-mail";
import { sendQueuedMail } from "./send-mail";

registerJobHandler(MAIL_SEND_JOB, async (job, { db }) => {
  await sendQueuedMail(db, String(job.payload.messageId));
});
