// The pure parts of the log pager's `/` search: where the matches are in a line, and the nearest matching line.
import {describe, expect, it} from 'vitest';
import {highlightParts, nearestMatch} from '../../src/ui/components/pagerView.js';

describe('pager search', () => {
  it('cuts a line around every case-insensitive match', () => {
    expect(highlightParts('Compiled model; MODEL done', 'model')).toEqual([
      {text: 'Compiled ', hit: false},
      {text: 'model', hit: true},
      {text: '; ', hit: false},
      {text: 'MODEL', hit: true},
      {text: ' done', hit: false},
    ]);
    expect(highlightParts('nothing here', 'x')).toEqual([{text: 'nothing here', hit: false}]);
    expect(highlightParts('abc', '')).toEqual([{text: 'abc', hit: false}]);
  });

  it('finds the nearest match strictly before or after a line', () => {
    const lines = ['a', 'needle 1', 'b', 'needle 3', 'c'].map((t, seq) => ({seq: seq + 10, t}));
    const text = (l: {t: string}) => l.t;
    expect(nearestMatch(lines, text, 'NEEDLE', 14, 'older')?.seq).toBe(13);
    expect(nearestMatch(lines, text, 'needle', 13, 'older')?.seq).toBe(11);
    expect(nearestMatch(lines, text, 'needle', 11, 'older')).toBeUndefined();
    expect(nearestMatch(lines, text, 'needle', 11, 'newer')?.seq).toBe(13);
    expect(nearestMatch(lines, text, 'needle', 13, 'newer')).toBeUndefined();
  });
});
