/**
 * Waits until `get` gives a value (returned), looking every 10 ms. Bounded so that a bug fails the test with `what`
 * instead of hanging it; the bound is generous (a minute) unless the test states one the product promises.
 */
export async function until<T>(get: () => T | null | undefined | false, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
