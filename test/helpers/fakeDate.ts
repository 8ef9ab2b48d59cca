// Tests that fake only Date (vi.useFakeTimers({toFake: ['Date']})) to move the wall clock a screen ticks on:
// frame waits time out on Date, so this bounds them by a real timer instead.
import type {Tui} from './renderTui.js';

export function realTimeWait(tui: Tui, timeoutMs = 10_000) {
  return (match: Parameters<Tui['waitForFrame']>[0]): Promise<string> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      tui.waitForFrame(match, Number.MAX_SAFE_INTEGER),
      new Promise<string>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`frame did not match ${String(match)} within ${timeoutMs} ms; last frame:\n${tui.lastFrame()}`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  };
}
