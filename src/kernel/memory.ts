/**
 * Element access to the typed arrays JavaScript shares with the kernel: each array is a view on the kernel's
 * memory (src/base/kernel-memory.ts), passed here as its byte offset. No bounds checks: the JavaScript side sizes
 * every array for the indices the passes use, and WebAssembly traps on an address beyond the memory.
 */

@inline export function f64At(base: usize, k: i32): f64 {
  return load<f64>(base + (<usize>k << 3));
}

/**
 * The address of base[k] in an array of doubles. A hot loop that reads several components of a row loads them at
 * constant byte offsets from it (`load<f64>(at, 8)`): WebAssembly adds a constant offset within the load, where
 * f64At(base, k + 1) costs an addition for every array it is used with.
 */
@inline export function f64Address(base: usize, k: i32): usize {
  return base + (<usize>k << 3);
}

@inline export function setF64(base: usize, k: i32, value: f64): void {
  store<f64>(base + (<usize>k << 3), value);
}

@inline export function i32At(base: usize, k: i32): i32 {
  return load<i32>(base + (<usize>k << 2));
}

@inline export function setI32(base: usize, k: i32, value: i32): void {
  store<i32>(base + (<usize>k << 2), value);
}

@inline export function u16At(base: usize, k: i32): i32 {
  return <i32>load<u16>(base + (<usize>k << 1));
}

@inline export function u8At(base: usize, k: i32): i32 {
  return <i32>load<u8>(base + <usize>k);
}

@inline export function setU8(base: usize, k: i32, value: i32): void {
  store<u8>(base + <usize>k, <u8>value);
}

/** Sets `count` doubles from base[k] on to zero. */
@inline export function zeroF64(base: usize, k: i32, count: i32): void {
  memory.fill(base + (<usize>k << 3), 0, <usize>count << 3);
}
