// The table's `/` filter (rowFilter in src/ui/components/tableLayout.ts) keeps each row's texts from key to key and
// narrows from its last result when the text typed extends the last one. The oracle is the plain definition: a row
// matches when one of its columns' texts, lower-cased, contains the filter, trimmed and lower-cased. Sessions of
// random steps (typing at either end, deleting, pasting another text, a row whose text changes, columns whose text
// changes as a ticking clock's does) must give the oracle's rows, in its order, after every step.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {rowFilter, type Column} from '../../src/ui/components/tableLayout.js';

interface Row {
  readonly name: string;
  readonly ref: string;
  readonly n: number;
}

/** Columns as the screens make them: plain fields, a mix, and one whose text depends on a value outside the row. */
const columnsAt = (tick: number): Column<Row>[] => [
  {id: 'name', header: 'NAME', render: (r) => r.name},
  {id: 'ref', header: 'REF', render: (r) => r.ref},
  {id: 'elapsed', header: 'ELAPSED', render: (r) => `${r.n + tick}s`},
];

const oracle = (rows: readonly Row[], columns: readonly Column<Row>[], filter: string) => {
  const needle = filter.trim().toLowerCase();
  return needle === '' ? rows : rows.filter((row) => columns.some((c) => c.render(row).toLowerCase().includes(needle)));
};

// ASCII of both cases, wide (CJK, emoji), letters whose lower case differs in length or shape, digits, spaces.
const piece = fc.constantFrom('a', 'A', 'b', 'B', 'ab', 'Ab', '漢', '字', '👍', 'É', 'é', 'ß', 'İ', 'Σ', 'σ', '1', '2', '-', ' ');
const word = fc.array(piece, {maxLength: 4}).map((p) => p.join(''));
const row = fc.record({name: word, ref: word, n: fc.integer({min: 0, max: 30})});

type Step =
  | {type: 'append' | 'prepend'; text: string}
  | {type: 'delete'}
  | {type: 'replace'; text: string}
  | {type: 'changeRow'; at: number; row: Row}
  | {type: 'tick'};
const step: fc.Arbitrary<Step> = fc.oneof(
  {weight: 5, arbitrary: fc.record({type: fc.constant('append' as const), text: piece})},
  {weight: 2, arbitrary: fc.record({type: fc.constant('prepend' as const), text: piece})},
  {weight: 3, arbitrary: fc.constant({type: 'delete' as const})},
  {weight: 1, arbitrary: fc.record({type: fc.constant('replace' as const), text: word})},
  {weight: 2, arbitrary: fc.record({type: fc.constant('changeRow' as const), at: fc.nat(), row})},
  {weight: 1, arbitrary: fc.constant({type: 'tick' as const})},
);

const indices = (rows: readonly Row[], shown: readonly Row[]) => shown.map((r) => rows.indexOf(r));

describe('the table’s / filter', () => {
  it('gives the plain filter’s rows over random sessions of typing, changed rows and ticking columns', () => {
    fc.assert(
      fc.property(fc.array(row, {minLength: 1, maxLength: 30}), fc.array(step, {maxLength: 25}), (start, steps) => {
        const filter = rowFilter<Row>();
        let rows: readonly Row[] = start.map((r) => ({...r}));
        let tick = 0;
        let columns = columnsAt(tick);
        let text = '';
        for (const s of steps) {
          if (s.type === 'append') text += s.text;
          if (s.type === 'prepend') text = s.text + text;
          if (s.type === 'delete') text = [...text].slice(0, -1).join('');
          if (s.type === 'replace') text = s.text;
          if (s.type === 'changeRow') rows = rows.map((r, i) => (i === s.at % rows.length ? {...s.row} : r));
          if (s.type === 'tick') columns = columnsAt(++tick);
          expect(indices(rows, filter(rows, columns, text)), `/${text}`).toEqual(indices(rows, oracle(rows, columns, text)));
        }
      }),
      {numRuns: 300},
    );
  });

  it('never matches a row on text it no longer has', () => {
    const filter = rowFilter<Row>();
    const columns = columnsAt(0);
    const old = {name: 'alpha', ref: 'main', n: 1};
    const rows = [old, {name: 'beta', ref: 'main', n: 2}];
    expect(filter(rows, columns, 'alp')).toEqual([old]);
    // The same row with a new name (a new object in a new list): /alpha matches nothing, /gam finds it.
    const renamed = {...old, name: 'gamma'};
    const next = [renamed, rows[1]!];
    expect(filter(next, columns, 'alpha')).toEqual([]);
    expect(filter(next, columns, 'gam')).toEqual([renamed]);
    // A row that gains the text typed after the last key: narrowing from the last result would miss it.
    const gained = {...rows[1]!, ref: 'gamma-fix'};
    expect(filter([renamed, gained], columns, 'gamm')).toEqual([renamed, gained]);
  });

  it('matches the ticking column’s text of the tick shown, not of the tick the row was first filtered at', () => {
    const filter = rowFilter<Row>();
    const rows = [{name: 'a', ref: 'main', n: 4}];
    const before = columnsAt(0);
    expect(filter(rows, before, '4s')).toEqual(rows);
    const after = columnsAt(5);
    expect(filter(rows, after, '4s')).toEqual([]);
    expect(filter(rows, after, '9s')).toEqual(rows);
    // Typing on from /9 after the tick narrows the new columns' result, not the old one's.
    expect(filter(rows, before, '9')).toEqual([]);
    expect(filter(rows, after, '9s')).toEqual(rows);
  });
});
