// The console's early paint: `svc ui` shows its first rows before Ink, React and query-core have loaded, and Ink
// then takes the terminal over without a flicker. One mechanism, in the order it runs:
//
// 1. connectEarly (below), called by commands/ui.ts on a terminal: connects, and at once asks for the first
//    frame's data (firstData.ts: the deployments list and the signed-in user) through Api.getDirect, a GET over
//    node:http that does not load Node's fetch (src/api/directGet.ts: it stays with the client, whose rules it
//    shares, since api/ may not import ui/).
// 2. While the requests are out, the painter loads with the CI flag hidden (ciHidden.ts): the first screen's
//    painter (screens/deployments/firstFrame.ts: it draws that screen's columns, so it lives with the screen and
//    is passed in here, since ui/ may not import screens/) on the shell's painter kit (prepaint.ts).
// 3. The answers are painted full screen (earlyScreen.ts: the alternate screen, raw keys, signals restore the
//    shell screen).
// 4. runUi (run.tsx) puts the same answers into the query cache (storeFirstFrame), and renderFullScreen
//    (render.tsx) takes the terminal over from the EarlyScreen, writing Ink's first two frames as one over the
//    painted frame (holdFrames.ts), so a half-drawn frame never shows.
//
// Timings: BENCHMARKS.md, "Third pass". Modules outside this folder import it through this file; the one
// exception is a screen's painter, which imports prepaint.ts itself (this file loads before the CI flag is
// hidden, so it must not load chalk).
import type {UiTarget} from '../run.js';
import {terminalSize} from '../shellLayout.js';
import {withCiHidden} from './ciHidden.js';
import {EarlyScreen} from './earlyScreen.js';
import {fetchFirstFrame, type FirstFrameData} from './firstData.js';

export {withCiHidden} from './ciHidden.js';
export {EarlyScreen} from './earlyScreen.js';
export {fetchFirstFrame, storeFirstFrame, type FirstFrameData} from './firstData.js';
export {holdFrames} from './holdFrames.js';

/** Paints the first screen from the first frame's answers; undefined when there is nothing to paint ahead of Ink. */
export type FirstFramePainter = (
  data: FirstFrameData,
  target: UiTarget,
  opts: {readonly columns: number; readonly rows: number; readonly readonly: boolean},
) => string | undefined;

export interface Early {
  readonly target: Promise<UiTarget>;
  /** The first frame's answers, once in (and painted, when there are rows); undefined when none came. */
  readonly firstData: Promise<FirstFrameData | undefined>;
  readonly screen: EarlyScreen;
}

/**
 * Starts connecting and, once connected, the first frame's requests; their answers are painted at once, before
 * Ink, React and query-core have loaded (Ink's first frame later draws the same picture over it). A failure
 * surfaces when runUi awaits the target.
 */
export async function connectEarly(
  connect: () => Promise<UiTarget>,
  readonly: boolean,
  loadPainter: () => Promise<FirstFramePainter>,
): Promise<Early> {
  const target = connect();
  // Awaited by runUi; until then a refusal (not logged in) must not count as unhandled.
  target.catch(() => {});
  const answers = target.then((t) => fetchFirstFrame(t.api));
  answers.catch(() => {});
  // The painter loads while the requests are out.
  const paint = await withCiHidden(loadPainter);
  const screen = new EarlyScreen();
  const firstData = Promise.all([target, answers])
    .then(([t, data]) => {
      const frame = paint(data, t, {...terminalSize(process.stdout), readonly});
      if (frame !== undefined) screen.paint(frame);
      return data;
    })
    .catch(() => undefined);
  return {target, firstData, screen};
}
