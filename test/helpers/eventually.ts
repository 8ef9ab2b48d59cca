// Waiting on real time for what comes on its own: a child's output, a file it writes, a reply, a product timer the
// test does not drive. Polls `ok` every `everyMs` until it holds; bounded in real time (performance.now, which no
// fake Date moves), it then fails naming `what` (a function: asked then, for what is known only when it fails).
// Only for what is bound to happen: what the test's own clock drives is stepped instead (steppedClock.ts
// `stepUntil`, fakeIntervals.ts `advanceUntil`), and "nothing happened" is never shown by waiting.
export async function eventually(ok: () => boolean | Promise<boolean>, what: string | (() => string), {withinMs = 10_000, everyMs = 10} = {}): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!(await ok())) {
    if (performance.now() >= deadline) throw new Error(`timed out after ${withinMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
