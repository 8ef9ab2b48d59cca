import {describe, expect, it} from 'vitest';
import {ManualClock, systemClock} from '../../src/server/engines/clock.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('systemClock', () => {
  it('is real time at speed 1', () => {
    expect(Math.abs(systemClock().now() - Date.now())).toBeLessThan(5);
  });

  it('runs speed× faster than real time', async () => {
    const clock = systemClock(20);
    const a = clock.now();
    const realA = Date.now();
    await pause(100);
    const ratio = (clock.now() - a) / (Date.now() - realA);
    expect(ratio).toBeGreaterThan(15);
    expect(ratio).toBeLessThan(25);
  });

  it('starts at an origin ahead of real time (a restart after a faster run) and never before now', () => {
    const ahead = Date.now() + 3_600_000;
    expect(systemClock(1, ahead).now() - ahead).toBeLessThan(5);
    expect(Math.abs(systemClock(1, 0).now() - Date.now())).toBeLessThan(5);
  });

  it('rejects a speed that is not a positive number', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => systemClock(bad)).toThrow('clock speed must be a positive number');
  });
});

describe('ManualClock', () => {
  it('moves only when told to, never backwards by advance()', () => {
    const clock = new ManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
    clock.set(50);
    expect(clock.now()).toBe(50);
    expect(() => clock.advance(-1)).toThrow();
  });
});
