// The console's clock is the App's: a flash's time, a ticker and a spinner move when the clock given to the App
// moves, not with real time; the stepped clock the tests use fires its timers in order; and the tests' two waits
// (stepping that clock, or polling real time for what comes on its own) are bounded and say what did not come.
import React, {useEffect, useState} from 'react';
import {Text} from 'ink';
import {afterEach, describe, expect, it} from 'vitest';
import {Spinner} from '../../src/ui/components/Spinner.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {useNow} from '../../src/ui/hooks/useNow.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';
import {eventually} from '../helpers/eventually.js';
import {SteppedClock} from '../helpers/steppedClock.js';

let tui: Tui | undefined;
afterEach(() => {
  tui?.unmount();
  tui = undefined;
});

describe('SteppedClock', () => {
  it('fires what falls due within a step, in order, also what a firing sets; cancelled timers never', async () => {
    const clock = new SteppedClock(1_000);
    const fired: string[] = [];
    clock.after(300, () => fired.push(`b@${clock.now()}`));
    const cancel = clock.after(200, () => fired.push('cancelled'));
    clock.after(100, () => {
      fired.push(`a@${clock.now()}`);
      clock.after(50, () => fired.push(`a2@${clock.now()}`));
    });
    const stop = clock.every(250, () => fired.push(`tick@${clock.now()}`));
    cancel();
    await clock.advance(500);
    expect(fired).toEqual(['a@1100', 'a2@1150', 'tick@1250', 'b@1300', 'tick@1500']);
    expect(clock.now()).toBe(1_500);
    stop();
    await clock.advance(10_000);
    expect(fired).toHaveLength(5);
    expect(clock.pending()).toBe(0);
  });

  it('awaits what was started before it moves and after each firing, and stops a timer that keeps coming due', async () => {
    const clock = new SteppedClock(0);
    const seen: number[] = [];
    clock.every(10, () => seen.push(clock.now()));
    await clock.advance(30, async () => void seen.push(-1));
    expect(seen).toEqual([-1, 10, -1, 20, -1, 30, -1]);
    clock.after(0, function again() {
      clock.after(0, again);
    });
    await expect(clock.advance(1, undefined, 50)).rejects.toThrow('more than 50 timers fired within 1 ms');
  });

  it('jumps: each timer that came due fires once, at the new time, soonest first; a repeating one goes on from there', async () => {
    const clock = new SteppedClock(0);
    const fired: string[] = [];
    clock.every(100, () => fired.push(`tick@${clock.now()}`));
    clock.after(5_000, () => fired.push(`late@${clock.now()}`));
    const cancel = clock.after(30, () => fired.push('cancelled'));
    clock.after(20, () => {
      fired.push(`first@${clock.now()}`);
      cancel();
    });
    clock.after(20_000, () => fired.push('not yet'));
    await clock.jump(10_000);
    expect(fired).toEqual(['first@10000', 'tick@10000', 'late@10000']);
    expect(clock.dueIn()).toEqual([100, 10_000]);
    await clock.advance(100);
    expect(fired.at(-1)).toBe('tick@10100');
  });

  it('steps until a condition holds, bounded in steps and in real time, naming what it waited for', async () => {
    const clock = new SteppedClock(0);
    let asked = 0;
    const what = () => `ticks (asked ${++asked})`;
    await clock.stepUntil(() => clock.now() >= 150, what, 50);
    expect([clock.now(), asked]).toEqual([150, 0]);
    await expect(clock.stepUntil(() => false, what, 50, undefined, {maxSteps: 3})).rejects.toThrow("ticks (asked 1): not so after 3 steps of 50 ms of the console's clock");
    expect(clock.now()).toBe(300);
    await expect(clock.stepUntil(() => false, 'ticks', 50, undefined, {withinMs: 0})).rejects.toThrow('ticks: not so after 0 steps');
    expect(clock.now()).toBe(300);
  });
});

describe('eventually', () => {
  it('resolves once a condition (sync or async) holds, and past its bound fails naming what it waited for', async () => {
    let polls = 0;
    await eventually(async () => ++polls === 3, 'three polls', {everyMs: 1});
    expect(polls).toBe(3);
    await expect(eventually(() => false, () => `the reply (polled ${polls})`, {withinMs: 0})).rejects.toThrow('timed out after 0 ms waiting for the reply (polled 3)');
  });
});

function Flash({text}: {text: string}) {
  const flash = useFlash();
  useEffect(() => flash.info(text), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <Text>screen</Text>;
}

function Ticker() {
  const now = useNow(1000);
  return (
    <Text>
      now {now} <Spinner />
    </Text>
  );
}

describe("the App's clock", () => {
  it('a flash message stays until the clock has passed its time, however long real time takes', async () => {
    const clock = new SteppedClock();
    // A minute: no real wait of the test comes near it.
    tui = renderTui(<Flash text="Saved role 7" />, {clock, flashMs: 60_000});
    await tui.waitForFrame('Saved role 7');
    // Time moves in one go (the header's 1 s tick fires 59 times on the way), and the App is settled once at the
    // end: a flash gone early would be gone then. A settle after each tick cost most of the test's time, and under
    // a loaded CI run passed the test's timeout.
    await clock.advance(59_999);
    expect(await tui.settle()).toContain('Saved role 7');
    await clock.advance(1);
    await tui.waitForFrame((f) => f.includes('screen') && !f.includes('Saved role 7'));
  });

  it('the tickers (an age, a spinner) move with the clock', async () => {
    const clock = new SteppedClock(5_000);
    tui = renderTui(<Ticker />, {clock});
    await tui.waitForFrame('now 5000 ⠋');
    await clock.advance(1_000);
    // Six spinner frames (150 ms each) and one tick of the age.
    await tui.waitForFrame('now 6000 ⠦');
  });

  it('what moves every second moves in one frame; a slower pace is not drawn each second and never goes back', async () => {
    const clock = new SteppedClock(10_000);
    let slowDraws = 0;
    const Age = ({name}: {name: string}) => <Text>{`${name} ${useNow(1000)}`}</Text>;
    const Slow = ({ms}: {ms: number}) => {
      slowDraws++;
      return <Text>{`slow ${useNow(ms)}`}</Text>;
    };
    let setSlowMs: (ms: number) => void = () => {};
    const Screen = () => {
      const [slowMs, set] = useState(60_000);
      setSlowMs = set;
      return (
        <>
          <Age name="header" />
          <Age name="elapsed" />
          <Slow ms={slowMs} />
        </>
      );
    };
    tui = renderTui(<Screen />, {clock});
    await tui.waitForFrame('slow 10000');
    await tui.settle();
    const [frames, draws] = [tui.frames.length, slowDraws];
    await clock.advance(3_000, () => tui!.settle());
    // Before one tick for the console, each age was a commit of its own: six frames for three seconds.
    expect(tui.frames.length - frames, 'frames for three ticks').toBe(3);
    expect(tui.lastFrame()).toContain('header 13000');
    expect(tui.lastFrame()).toContain('elapsed 13000');
    expect(slowDraws - draws, 'draws of the component on a minute').toBe(0);
    expect(tui.lastFrame()).toContain('slow 10000');
    // From the minute to every second and back: it shows the tick, and then never an older time than it showed.
    setSlowMs(1000);
    await clock.advance(1_000, () => tui!.settle());
    expect(tui.lastFrame()).toContain('slow 14000');
    setSlowMs(60_000);
    await tui.settle();
    expect(tui.lastFrame()).toContain('slow 14000');
  });
});
