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
  // One promise settled by whichever comes first, rather than a race of two and an async function around
  // it: every API call passes here, and each promise is work for the async context's hooks.
  return withDeadline(
    (deadline) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          deadline.pass();
          reject(deadlinePassed());
        }, ms);
        let work: Promise<T>;
        try {
          work = handler();
        } catch (error) {
          clearTimeout(timer);
          reject(error);
          return;
        }
        // After the deadline the handler's outcome settles nothing: the caller has had its answer already.
        work.then(
          (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
