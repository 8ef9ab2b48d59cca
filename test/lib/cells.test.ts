// Terminal cell widths: the one measure every fitted text goes through (lib/cells.ts).
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {cellWidth, fitCells, ONE_CELL_EACH, padCells, sliceCells, truncateCells, wrapCells} from '../../src/lib/cells.js';

describe('cell widths', () => {
  it('measures by length only characters string-width gives one cell that never join a neighbour', () => {
    const segmenter = new Intl.Segmenter();
    let checked = 0;
    for (let cp = 0x20; cp <= 0xffff; cp++) {
      const c = String.fromCodePoint(cp);
      if (!ONE_CELL_EACH.test(c)) continue;
      checked++;
      expect(stringWidth(c), `U+${cp.toString(16)}`).toBe(1);
      expect([...segmenter.segment(`a${c}a`)], `U+${cp.toString(16)} joins a neighbour`).toHaveLength(3);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('counts a CJK character and an emoji as two cells, a combining accent as none', () => {
    expect(cellWidth('売上ダッシュボード')).toBe(18);
    expect(cellWidth('📊 revenue 🚀')).toBe(13);
    expect(cellWidth('cafe\u0301')).toBe(4);
    expect(cellWidth('plain')).toBe(5);
  });

  it('cuts at a character, never inside one, and leaves out a wide one that would straddle the edge', () => {
    expect(sliceCells('売上ダ', 3)).toBe('売');
    expect(sliceCells('cafe\u0301s', 4)).toBe('cafe\u0301');
    expect(truncateCells('売上ダッシュボード', 6)).toBe('売上…');
    expect(truncateCells('売上ダッシュボード', 7)).toBe('売上ダ…');
    expect(truncateCells('👨‍👩‍👧 family', 3)).toBe('👨‍👩‍👧…');
  });

  it('fits to exactly the width asked for, cut or padded, either side', () => {
    for (const text of ['売上ダッシュボード', '📊 revenue 🚀', 'cafe\u0301 cre\u0300me', 'x']) {
      for (let width = 1; width <= 20; width++) {
        expect(stringWidth(fitCells(text, width)), `${text} at ${width}`).toBe(width);
        expect(stringWidth(fitCells(text, width, 'right')), `${text} at ${width}, right`).toBe(width);
      }
    }
    expect(padCells('売', 4, 'right')).toBe('  売');
  });

  it('wraps into lines no wider than the width, at spaces where it can, losing nothing', () => {
    const text = '売上ダッシュボード 📊 revenue 🚀 cafe\u0301 cre\u0300me and a long tail of words';
    for (let width = 2; width <= 30; width++) {
      const lines = wrapCells(text, width);
      for (const l of lines) expect(stringWidth(l), `${l} at ${width}`).toBeLessThanOrEqual(width);
      expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    }
    expect(wrapCells('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapCells('売上ダッシュ', 5)).toEqual(['売上', 'ダッ', 'シュ']);
  });
});
