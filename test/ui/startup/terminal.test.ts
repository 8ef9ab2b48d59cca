// The terminal before and at Ink's hand-over: EarlyScreen (the painted first frame) and holdFrames (Ink's first two
// frames written as one). Fake streams; the pty behaviour is in test/e2e/ui-first-frame.test.ts.
import {EventEmitter} from 'node:events';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {EarlyScreen, holdFrames} from '../../../src/ui/startup/index.js';
import {ENTER_ALT, LEAVE_ALT} from '../../../src/ui/terminal.js';

class Out extends EventEmitter {
  writes: string[] = [];
  write(chunk: string): boolean {
    this.writes.push(chunk);
    return true;
  }
}
class In extends EventEmitter {
  isTTY = true;
  raw: boolean[] = [];
  setRawMode(on: boolean) {
    this.raw.push(on);
    return this;
  }
}

const FRAME = (n: number) => `\x1b[?2026hframe ${n}\x1b[?2026l`;
const io = () => ({stdout: new Out(), stdin: new In()});

afterEach(() => vi.useRealTimers());

describe('holdFrames', () => {
  it('writes the first two frames as one, and passes later writes on', () => {
    const out = new Out();
    const stream = out as unknown as NodeJS.WriteStream;
    holdFrames(stream, 2, 300);
    stream.write('\x1b[H');
    stream.write(FRAME(1));
    expect(out.writes).toEqual([]);
    stream.write(FRAME(2));
    expect(out.writes).toEqual([`\x1b[H${FRAME(1)}${FRAME(2)}`]);
    stream.write(FRAME(3));
    expect(out.writes.at(-1)).toBe(FRAME(3));
  });

  it('lets go after its longest wait, and at once on release', () => {
    vi.useFakeTimers();
    const out = new Out();
    const stream = out as unknown as NodeJS.WriteStream;
    holdFrames(stream, 2, 300);
    stream.write(FRAME(1));
    vi.advanceTimersByTime(299);
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.writes).toEqual([FRAME(1)]);

    const out2 = new Out();
    const stream2 = out2 as unknown as NodeJS.WriteStream;
    const gate = holdFrames(stream2, 2, 300);
    stream2.write(FRAME(1));
    gate.release();
    stream2.write(LEAVE_ALT);
    expect(out2.writes).toEqual([FRAME(1), LEAVE_ALT]);
  });

  it('passes writes on after release even when the write it put in place was kept by someone else', () => {
    const out = new Out();
    const stream = out as unknown as NodeJS.WriteStream;
    const gate = holdFrames(stream, 2, 300);
    // The editor hand-off keeps the write it found and puts it back later.
    const kept = stream.write;
    stream.write = (() => true) as never;
    gate.release();
    stream.write = kept;
    stream.write('after');
    expect(out.writes).toEqual(['after']);
  });
});

describe('EarlyScreen', () => {
  it('paints once on the alternate screen with raw keys, and restores the shell screen on a failure', () => {
    const t = io();
    const screen = new EarlyScreen(t as never);
    const before = process.listenerCount('SIGTERM');
    expect(screen.paint('rows')).toBe(true);
    expect(t.stdout.writes[0]?.startsWith(ENTER_ALT)).toBe(true);
    expect(t.stdout.writes[0]).toContain('rows');
    expect(t.stdin.raw).toEqual([true]);
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    expect(screen.paint('again')).toBe(false);
    screen.restore();
    expect(t.stdout.writes.at(-1)).toBe(LEAVE_ALT);
    expect(t.stdin.raw).toEqual([true, false]);
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('after the hand-over it paints nothing and restores nothing: the terminal is Ink’s', () => {
    const t = io();
    const screen = new EarlyScreen(t as never);
    screen.paint('rows');
    screen.handOver();
    expect(screen.paint('late')).toBe(false);
    screen.restore();
    expect(t.stdout.writes).toHaveLength(1);
    expect(t.stdin.raw).toEqual([true]);

    const late = new EarlyScreen(io() as never);
    late.handOver();
    expect(late.paint('rows')).toBe(false);
    expect(late.painted).toBe(false);
  });

  it('blanks the painted frame when the terminal is resized before Ink draws the new size', () => {
    const t = io();
    const screen = new EarlyScreen(t as never);
    screen.paint('rows');
    t.stdout.emit('resize');
    expect(t.stdout.writes.at(-1)).toBe('\x1b[2J\x1b[H');
    screen.handOver();
    t.stdout.emit('resize');
    expect(t.stdout.writes).toHaveLength(2);
  });
});
