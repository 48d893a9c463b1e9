"use client";

import { useEffect, useState } from "react";

/** "59:58", or "1:59:58" from an hour up. */
function timeLeft(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * The time left until `until`, ticking every second. It starts from the server's render time so the
 * first paint matches the HTML, then follows this device's clock.
 */
export function Countdown({ until, renderedAt }: { until: string; renderedAt: number }) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = new Date(until).getTime() - now;
  return (
    <span data-testid="invoice-countdown" className="tabular-nums">
      {left > 0 ? timeLeft(left) : "Time is up"}
    </span>
  );
}
