import React from 'react';
import {EventEmitter} from 'node:events';
import {Text, useApp, useInput} from 'ink';
import {describe, expect, it} from 'vitest';
import {renderFullScreen, type FullScreenIo} from '../../src/ui/render.js';
import {eventually} from '../helpers/eventually.js';
import {FakeStdin} from '../helpers/fakeStdin.js';
import {reactIdle} from '../helpers/renderTui.js';

class Out extends EventEmitter {
  chunks: string[] = [];
  columns = 80;
  rows = 24;
  isTTY = true;
  write = (s: string) => (this.chunks.push(s), true);
  get text() {
    return this.chunks.join('');
  }
}

function io() {
  const stdout = new Out();
  const stderr = new Out();
  const stdin = new FakeStdin();
  return {stdout, stderr, stdin, io: {stdout, stderr, stdin} as unknown as FullScreenIo};
}

const ENTER_ALT = '\x1b[?1049h';
const LEAVE_ALT = '\x1b[?1049l';

describe('renderFullScreen', () => {
  it('enters the alternate screen, leaves it on a normal exit and runs the cleanup once', async () => {
    const t = io();
    let cleanups = 0;
    function Quits() {
      const {exit} = useApp();
      useInput((input) => input === 'q' && exit());
      return <Text>running</Text>;
    }
    const done = renderFullScreen(<Quits />, t.io, async () => void cleanups++);
    // The first frame is drawn and the effects after it have run (useInput listens): q is not lost.
    await eventually(() => t.stdout.text.includes('running'), 'the first frame');
    await reactIdle(() => t.stdout.chunks.length);
    expect(t.stdout.text.startsWith(ENTER_ALT)).toBe(true);
    t.stdin.write('q');
    expect(await done).toBe(0);
    expect(t.stdout.text.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(t.stdout.text.indexOf('running'));
    expect(t.stdin.paused).toBe(true);
    expect(cleanups).toBe(1);
  });

  it('on a crash: restores the terminal first, then prints `error: <message>` without a stack, exit 1', async () => {
    const t = io();
    function Crashes(): React.ReactElement {
      throw new Error('the screen fell over');
    }
    expect(await renderFullScreen(<Crashes />, t.io)).toBe(1);
    expect(t.stdout.text).toContain(LEAVE_ALT);
    expect(t.stderr.text).toContain('error: the screen fell over\n');
    expect(t.stderr.text).not.toMatch(/at .*\.tsx?:\d+/);
  });
});
