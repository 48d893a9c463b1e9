/**
 * Next replaces the global Date when its server loads (next/dist/server/node-environment-extensions/
 * date.js), to notice clock reads in `cacheComponents` prerenders, which this app does not use. Its
 * constructor builds each date with Reflect.construct and itself as new.target, and on Node 20 that
 * makes a new hidden class for every date: six times the time of a native `new Date`, and about 100
 * bytes of old-generation garbage per date, for every timestamp that drizzle and postgres.js read.
 * Under load that garbage brought a full collection every few seconds, each a stall of the API of
 * 50-150 ms (docs/performance.md, the eleventh pass).
 *
 * Call before Next loads its server; the returned function puts the native Date back.
 */
export function keepNativeDate(): () => void {
  const native = Date;
  return () => {
    if (globalThis.Date === native) return;
    globalThis.Date = native;
    Object.defineProperty(native.prototype, "constructor", { value: native, writable: true, enumerable: false, configurable: true });
  };
}
