/**
 * Freezes a plain JSON-like value and everything it holds, so that code changing it afterwards fails loudly
 * (a TypeError in strict-mode modules) instead of being silently ignored by what was already built from it.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
