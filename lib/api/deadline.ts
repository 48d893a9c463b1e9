import { withDeadline } from "@/lib/db/deadline";
import { AppError } from "@/lib/errors/app-error";

export const deadlinePassed = () =>
  new AppError("service_unavailable", "The request passed its deadline and nothing of it was kept. Retry it (with the same Idempotency-Key for an order).");

/**
 * Runs an operation's handler for at most `ms`. Past it the caller is answered 503 service_unavailable
 * (retryable) at once, and the handler's database work stops where it stands: it sends no statement
 * more and its transaction rolls back (lib/db/deadline.ts), so a request that hangs holds neither the
 * client nor a pool connection, and an order it was placing is either whole or not there at all.
 */
export function withinDeadline<T>(ms: number, handler: () => Promise<T>): Promise<T> {
  return withDeadline(async (deadline) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        deadline.pass();
        reject(deadlinePassed());
      }, ms);
    });
    const work = handler();
    // Its refusal after the deadline is the one the caller has had already.
    work.catch(() => {});
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  });
}
