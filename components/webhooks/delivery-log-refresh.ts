/** The log shows this many at first, and this many more per "Show older deliveries". */
export const DELIVERY_LOG_PAGE = 20;

type Reader = () => Promise<void>;
const readers = new Set<Reader>();

/** The delivery log on the page registers how it reads itself again; the returned function unregisters it. */
export function onDeliveryLogRefresh(read: Reader): () => void {
  readers.add(read);
  return () => {
    readers.delete(read);
  };
}

/** What changed the log (a test, a redelivery, a recovery) has it read again, and waits until it shows the result. */
export async function refreshDeliveryLog(): Promise<void> {
  await Promise.all([...readers].map((read) => read()));
}
