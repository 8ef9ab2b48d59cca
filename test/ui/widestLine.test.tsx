// The widths Ink lays out with (src/ui/widestLine.ts, put in place of Ink's `widest-line` by scripts/aliases.json):
// the same numbers as `widest-line` for any text (wide characters, emoji, combining marks, ANSI codes, several lines),
// remembered or not, and Ink's layout of a frame asks it.
import fc from 'fast-check';
import {Text} from 'ink';
import {describe, expect, it} from 'vitest';
import original from '../../node_modules/widest-line/index.js';
import widestLine, {rememberedWidth} from '../../src/ui/widestLine.js';
import {renderTui} from '../helpers/renderTui.js';

const piece = fc.oneof(
  fc.constantFrom('a', ' ', '│', '…', '漢', '字', '👍', 'e\u0301', '👩‍💻', '✓', 'ｱ', '\n', '\u001B[31m', '\u001B[39m', '\u001B[1m'),
  fc.string({maxLength: 6}),
);

describe('widestLine', () => {
  it('measures as widest-line does, the first time and when it remembers', () => {
    fc.assert(
      fc.property(fc.array(piece, {maxLength: 12}).map((parts) => parts.join('')), (text) => {
        expect(widestLine(text)).toBe(original(text));
        expect(widestLine(text)).toBe(original(text));
      }),
      {numRuns: 500},
    );
  });

  it("is what Ink's layout measures a frame's text with", async () => {
    const line = `売上ダッシュボード › ${process.pid}-${Date.now()}`;
    expect(rememberedWidth(line)).toBeUndefined();
    const tui = renderTui(<Text>{line}</Text>, {columns: 120});
    try {
      await tui.waitForFrame(line);
      expect(rememberedWidth(line)).toBe(original(line));
    } finally {
      tui.unmount();
    }
  });
});
