import v8 from "node:v8";

// V8's own test for two objects sharing a hidden class (map); the flag only lets this one function parse it.
v8.setFlagsFromString("--allow-natives-syntax");
const sameHiddenClass = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

/**
 * Of `count` objects that `make` builds one after another, once its code is warm, how many have a
 * hidden class other than the one before. A path that runs per call should have none: a new hidden
 * class per call is old-generation garbage, which brought the API's full collections and their
 * stalls (docs/performance.md, the eleventh pass).
 */
export function hiddenClassChanges(make: (i: number) => object, count = 2_000): number {
  for (let i = 0; i < count; i++) make(i);
  let previous = make(-1);
  let changes = 0;
  for (let i = 0; i < count; i++) {
    const next = make(i);
    if (!sameHiddenClass(previous, next)) changes++;
    previous = next;
  }
  return changes;
}
