/**
 * Waiting for an event a test cannot be told about (a file another process makes, a descriptor the server closes):
 * poll for it, so that the test waits as long as a loaded machine needs and no longer. The minute's limit only
 * keeps a test whose event never comes from blocking the suite; it is not what the test checks.
 */

/** Resolves once `condition()` holds (checked every 20 ms); fails naming `what` after a minute without it. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 60_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
