// React's commits, counted: every commit of Ink's renderer, through the hook React's reconciler offers developer
// tools (its production build calls it too). A commit that changes nothing on screen may draw no frame at all (a
// render that bailed out), so a test of wasted renders counts commits, not only frames.
// Installed once per process, the first time a test asks (the hook stays: a counter, for every root of the worker).
import reconciler from '../../node_modules/ink/build/reconciler.js';

interface DevtoolsHook {
  readonly supportsFiber: boolean;
  inject(internals: unknown): number;
  onCommitFiberRoot(...args: unknown[]): void;
}
const scope = globalThis as {__REACT_DEVTOOLS_GLOBAL_HOOK__?: DevtoolsHook; __svcCommits?: {count: number}};

function installed(): {count: number} {
  if (scope.__svcCommits) return scope.__svcCommits;
  const counted = {count: 0};
  const other = scope.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (other) {
    const onCommit = other.onCommitFiberRoot.bind(other);
    other.onCommitFiberRoot = (...args) => {
      counted.count++;
      onCommit(...args);
    };
  } else {
    scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {supportsFiber: true, inject: () => 1, onCommitFiberRoot: () => void counted.count++};
  }
  // Ink registers its renderer with the hook only in development; the reconciler it renders with is this module's.
  (reconciler as unknown as {injectIntoDevTools(): unknown}).injectIntoDevTools();
  scope.__svcCommits = counted;
  return counted;
}

/** Returns how many commits React has made (on any Ink root of this process) since this call. */
export function commitCounter(): () => number {
  const counted = installed();
  const start = counted.count;
  return () => counted.count - start;
}
