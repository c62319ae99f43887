/**
 * The address space this process may use (`ulimit -v`, RLIMIT_AS), read from /proc/self/limits (Linux): null when
 * unlimited or unknown. A WebAssembly memory reserves far more address space than it holds — about 10 GiB of
 * guard regions while Node's WebAssembly trap handler is on — so under a limit below that no kernel memory can be
 * made, however small the run; with `node --disable-wasm-trap-handler` a memory reserves only what it holds.
 */
import { readFileSync } from 'node:fs';

export const TRAP_HANDLER_FLAG = '--disable-wasm-trap-handler';

export function addressSpaceLimit(): number | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/limits', 'latin1');
  } catch {
    return null;
  }
  const soft = /^Max address space\s+(\S+)/m.exec(text)?.[1];
  const bytes = Number(soft);
  return soft === undefined || !Number.isFinite(bytes) ? null : bytes;
}

/** Whether this process runs without the trap handler (its own flag, or NODE_OPTIONS). */
export function trapHandlerDisabled(): boolean {
  return process.execArgv.includes(TRAP_HANDLER_FLAG) || (process.env.NODE_OPTIONS ?? '').split(/\s+/).includes(TRAP_HANDLER_FLAG);
}
