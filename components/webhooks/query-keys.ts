/** The delivery log's react-query key, shared by whatever should refresh it (test, redeliver). */
export const DELIVERIES_QUERY_KEY = ["webhook-deliveries"] as const;

/** The log shows this many at first, and this many more per "Show older deliveries". */
export const DELIVERY_LOG_PAGE = 20;
