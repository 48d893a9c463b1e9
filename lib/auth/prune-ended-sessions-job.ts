import { registerJobHandler } from "@/lib/jobs/registry";
import { pruneEndedSessions } from "./ended-sessions";

const KIND = "sessions.prune-ended";
const EVERY_MS = 60 * 60_000;

registerJobHandler(
  KIND,
  async (_job, { db }) => {
    await pruneEndedSessions(db);
    return { retryInMs: EVERY_MS };
  },
  { recurring: true },
);
