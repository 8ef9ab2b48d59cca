// The console's output stage (src/ui/inkOutput.ts) against Ink's own: the same frames, byte for byte. Ink's `get`
// is the oracle. Frames come in runs where each one changes a little of the one before, as a key press does, so
// the caches kept from frame to frame (cells of a line, clipped slices, unchanged rows) are what is tested.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {cachedGet, inkGet, InkOutput, type OutputState} from '../../src/ui/inkOutput.js';

type Operation = OutputState['operations'][number];

const SGR = [
  ['\u001B[31m', '\u001B[39m'],
  ['\u001B[1m', '\u001B[22m'],
  ['\u001B[7m', '\u001B[27m'],
  ['\u001B[44m', '\u001B[49m'],
] as const;
// ASCII, wide (CJK, emoji), a combining mark, a zero-width joiner sequence, a tab-free control-free mix.
const piece = fc.oneof(
  fc.constantFrom('a', 'B', ' ', '-', '│', '─', '…', '漢', '字', '👍', 'e\u0301', '👩‍💻', '✓', 'ｱ'),
  fc.string({maxLength: 6}).map((s) => s.replace(/[\u0000-\u001F\u007F-\u009F]/g, '')),
);
const styled = fc.tuple(fc.array(piece, {maxLength: 8}), fc.option(fc.constantFrom(...SGR), {nil: undefined})).map(([parts, sgr]) => {
  const text = parts.join('');
  return sgr ? `${sgr[0]}${text}${sgr[1]}` : text;
});
const text = fc.array(styled, {minLength: 1, maxLength: 4}).chain((segments) =>
  fc.array(fc.boolean(), {minLength: segments.length, maxLength: segments.length}).map((breaks) => segments.map((s, i) => s + (breaks[i] ? '\n' : '')).join('')),
);
const TRANSFORMERS: ((line: string, index: number) => string)[] = [
  (line) => `\u001B[32m${line}\u001B[39m`,
  (line, index) => (index % 2 ? line.toUpperCase() : line),
  (line) => `> ${line}`,
];
const coordinate = fc.integer({min: -3, max: 45});
const maybe = fc.option(coordinate, {nil: undefined});
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {weight: 6, arbitrary: fc.record({x: coordinate, y: fc.integer({min: -3, max: 14}), text, transformers: fc.subarray(TRANSFORMERS)}).map((w): Operation => ({type: 'write', ...w}))},
  {weight: 1, arbitrary: fc.record({x1: maybe, x2: maybe, y1: maybe, y2: maybe}).map((clip): Operation => ({type: 'clip', clip}))},
  {weight: 1, arbitrary: fc.constant<Operation>({type: 'unclip'})},
);
/**
 * A frame and the frames after it: each replaces, adds, drops or moves (the same text a few columns over) one
 * operation of the one before, or draws the same operations at another size (a resized terminal: a row written
 * alike is not the same row at another width).
 */
const frames = fc.record({
  width: fc.integer({min: 1, max: 40}),
  height: fc.integer({min: 1, max: 12}),
  first: fc.array(operation, {maxLength: 12}),
  edits: fc.array(fc.tuple(fc.nat(), operation, fc.constantFrom('replace', 'add', 'drop', 'move', 'same', 'resize')), {maxLength: 6}),
});

/** An Ink Output holding `operations` (Ink's `get` reads its per-frame caches too), read by both stages. */
function both({width, height, operations}: OutputState): [ReturnType<typeof inkGet>, ReturnType<typeof cachedGet>] {
  const output = new InkOutput({width, height}) as unknown as OutputState;
  output.operations.push(...operations);
  return [inkGet.call(output), cachedGet.call(output)];
}

describe('the cached output stage', () => {
  it('writes what Ink writes, frame after changed frame (wide characters, styles, clips, transformers)', () => {
    fc.assert(
      fc.property(frames, ({width: firstWidth, height: firstHeight, first, edits}) => {
        let [ops, width, height] = [first, firstWidth, firstHeight];
        const [ink, ours] = both({width, height, operations: ops});
        expect(ours).toEqual(ink);
        for (const [at, op, kind] of edits) {
          const i = ops.length ? at % ops.length : 0;
          if (kind === 'replace' && ops.length) ops = ops.map((o, k) => (k === i ? op : o));
          if (kind === 'add') ops = [...ops.slice(0, i), op, ...ops.slice(i)];
          if (kind === 'drop') ops = ops.filter((_, k) => k !== i);
          if (kind === 'move') ops = ops.map((o, k) => (k === i && o.type === 'write' ? {...o, x: o.x + 1 + (at % 3)} : o));
          if (kind === 'resize') [width, height] = [1 + (at % 45), 1 + ((at >> 4) % 14)];
          const [inkNext, oursNext] = both({width, height, operations: ops});
          expect(oursNext).toEqual(inkNext);
        }
      }),
      {numRuns: 400},
    );
  });

  it('is what Ink uses for every frame, and Ink\'s own is kept apart', () => {
    const output = new InkOutput({width: 10, height: 2});
    expect(output.get).toBe(cachedGet);
    expect(inkGet).not.toBe(cachedGet);
    output.write(0, 0, '\u001B[1m漢字\u001B[22m ok', {transformers: []});
    expect(output.get().output).toBe('\u001B[1m漢字\u001B[22m ok\n');
  });
});
