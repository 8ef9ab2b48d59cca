// Tui.settle() (test/helpers/renderTui.tsx) returns once what a key started is answered and drawn, with no quiet
// time: the screen tests that walk many keys (the Esc walk, test/helpers/escWalk.ts) rely on it to see each key's
// outcome. Keys and frame waits wait on what happens too, not on a time.
import React, {useEffect, useState} from 'react';
import {Text, useInput} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

/** x asks for an answer; once it is drawn, an effect derives a second line from it (a render after the paint). */
function Asker({answer}: {answer: () => Promise<string>}) {
  const [asked, setAsked] = useState(false);
  const [derived, setDerived] = useState('');
  const q = useQuery({queryKey: ['answer'], queryFn: answer, enabled: asked});
  useInput((input) => void (input === 'x' && setAsked(true)));
  useEffect(() => {
    if (q.data) setDerived(`derived from ${q.data}`);
  }, [q.data]);
  return (
    <Text>
      {q.data ?? (asked ? 'asking' : 'idle')} {derived}
    </Text>
  );
}

describe('settle', () => {
  it('waits for the answer a key asked for, its data frame and the effect after it', async () => {
    let release: (v: string) => void = () => {};
    const answer = () => new Promise<string>((r) => (release = r));
    tui = renderTui(<Asker answer={answer} />, {api: fakeApi()});
    await tui.waitForFrame('idle');
    await tui.press('x');
    let released = false;
    // The answer comes later than any quiet time a poll would wait for.
    setTimeout(() => ((released = true), release('42')), 150);
    const frame = await tui.settle();
    expect(released).toBe(true);
    expect(frame).toContain('42 derived from 42');
  });

  it('waits while the given predicate says busy', async () => {
    tui = renderTui(<Asker answer={async () => '1'} />, {api: fakeApi()});
    await tui.waitForFrame('idle');
    let busy = true;
    setTimeout(() => (busy = false), 100);
    await tui.settle(() => busy);
    expect(busy).toBe(false);
  });

  it('says so when the App never goes quiet', async () => {
    tui = renderTui(<Asker answer={() => new Promise<string>(() => {})} />, {api: fakeApi()});
    await tui.waitForFrame('idle');
    await tui.press('x');
    await expect(tui.settle(undefined, 200)).rejects.toThrow(/did not settle within 200 ms[\s\S]*asking/);
  });
});

/** o opens a prompt (a turn later, as after an answer); the prompt takes what is typed once its input hook listens. */
function Prompter() {
  const [open, setOpen] = useState(false);
  useInput((input) => void (input === 'o' && Promise.resolve().then(() => setOpen(true))), {isActive: !open});
  return open ? <Prompt /> : <Text>closed</Text>;
}
function Prompt() {
  const [text, setText] = useState('');
  useInput((input, key) => setText((t) => (key.escape ? `${t}<esc>` : t + input)));
  return <Text>prompt: {text}|</Text>;
}

describe('keys and frame waits', () => {
  it('wait on what happens, not on a time: with timeouts stopped, a key opens a prompt, text typed at once reaches it', async () => {
    const {setTimeout: realSetTimeout} = globalThis;
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
    try {
      const steps = (async () => {
        tui = renderTui(<Prompter />, {api: fakeApi()});
        await tui.waitForFrame('closed');
        await tui.press('o');
        await tui.waitForFrame('prompt:');
        // A lone Esc between two keys is parsed as Esc, not as Alt with the next key.
        await tui.press('a', 'escape', 'b');
        return tui.waitForFrame('prompt: a<esc>b|');
      })();
      const stuck = new Promise<never>((_, reject) => realSetTimeout(() => reject(new Error('waited on a stopped timer')), 5_000));
      expect(await Promise.race([steps, stuck])).toContain('prompt: a<esc>b|');
    } finally {
      // What the App scheduled on the faked timers must run before they go: the query client's data frame is one
      // timer for the whole process (src/ui/queryClient.ts), and a frame lost with the fakes would hold every later
      // query result of this worker (the next files' waits time out).
      tui?.unmount();
      vi.runAllTimers();
      vi.useRealTimers();
    }
  });
});
