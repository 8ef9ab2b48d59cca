// The widths Ink lays out and composes frames with, remembered from frame to frame. Ink (6.8) measures every text
// node on every frame with `widest-line` (`string-width` of each line: a grapheme segmenter and Unicode property
// tests for any text outside printable ASCII, such as the console's glyphs or a coloured span), although most of a
// frame's texts are the ones the frame before it had: that was the largest single function of a screen test's CPU.
//
// This module is what the product bundle and the tests load for `widest-line` (scripts/aliases.json, read by
// scripts/build.mjs and vitest.config.ts), so Ink's layout asks it; inkOutput.ts measures the lines it composes
// with the same remembered widths. A width depends on the text alone, so remembering it changes no frame.
import stringWidth from 'string-width';

/** A Map that forgets everything once it holds `limit` entries: a screen's lines come back, a long session's don't. */
export class Bounded<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }
  remember(key: string, make: () => V): V {
    let value = this.get(key);
    if (value === undefined) {
      if (this.size >= this.limit) this.clear();
      value = make();
      this.set(key, value);
    }
    return value;
  }
}

const lineWidths = new Bounded<number>(8000);
const blockWidths = new Bounded<number>(4000);

/** `string-width` of one line (ANSI codes count nothing). */
export const lineWidth = (text: string): number => lineWidths.remember(text, () => stringWidth(text));

/** The width remembered for one line, if it was measured (for the test that Ink's layout measures through here). */
export const rememberedWidth = (line: string): number | undefined => lineWidths.get(line);

/** The width of the widest line of `text`, as `widest-line` gives it. */
export default function widestLine(text: string): number {
  if (!text.includes('\n')) return lineWidth(text);
  return blockWidths.remember(text, () => {
    let most = 0;
    for (const line of text.split('\n')) most = Math.max(most, lineWidth(line));
    return most;
  });
}
