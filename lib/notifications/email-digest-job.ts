import { registerJobHandler } from "@/lib/jobs/registry";
import { EMAIL_DIGEST_JOB, sendEmailDigest } from "./email-digest";

registerJobHandler(EMAIL_DIGEST_JOB, async (job, { db }) => sendEmailDigest(db, String(job.payload.userId)));
