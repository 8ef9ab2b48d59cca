// The one paging helper of the list commands (lib/lists.ts): every page of a cursor-paged list, bounded against a
// server that never ends or answers the same page again, and the one "more" line after a page.
import {describe, expect, it} from 'vitest';
import {allPages, moreHint, type PageInfo} from '../../src/lib/lists.js';

/** A cursor-paged list of `n` numbers, pages of `size`, cursors `c<offset>`. */
const pagesOf = (n: number, size: number) => (after: string | undefined) => {
  const from = after === undefined ? 0 : Number(after.slice(1));
  const items = Array.from({length: Math.max(0, Math.min(size, n - from))}, (_, i) => from + i);
  const pageInfo: PageInfo = from + size < n ? {hasNextPage: true, endCursor: `c${from + size}`} : {hasNextPage: false};
  return Promise.resolve({items, pageInfo});
};

describe('allPages', () => {
  it('reads every page, from the start or from a cursor', async () => {
    expect(await allPages(pagesOf(111, 20), 10)).toEqual({items: Array.from({length: 111}, (_, i) => i), complete: true});
    expect((await allPages(pagesOf(111, 20), 10, 'c100')).items).toEqual(Array.from({length: 11}, (_, i) => 100 + i));
  });

  it('stops at its page bound, saying where', async () => {
    expect(await allPages(pagesOf(1_000, 10), 3)).toEqual({items: Array.from({length: 30}, (_, i) => i), complete: false, endCursor: 'c30'});
  });

  it('stops when a server answers a cursor it gave before (it would loop to the bound otherwise)', async () => {
    let asked = 0;
    const stuck = () => (asked++, Promise.resolve({items: [asked], pageInfo: {hasNextPage: true, endCursor: 'same'}}));
    expect(await allPages(stuck, 1_000)).toEqual({items: [1, 2], complete: false, endCursor: 'same'});
    expect(asked).toBe(2);
  });
});

describe('moreHint', () => {
  it('cursor paging: the cursor to continue from, and --all where the command has it', () => {
    expect(moreHint({shown: 20, after: 'YnI'}, {cursor: true, all: true})).toBe('20 shown; more: --after YnI, or --all for every one');
    expect(moreHint({shown: 5, after: 'cDEw'}, {cursor: true})).toBe('5 shown; more: --after cDEw');
    expect(moreHint({shown: 20}, {cursor: true, all: true})).toBeUndefined();
  });

  it('offset paging: which rows of how many, and the offset of the next page', () => {
    expect(moreHint({shown: 20, offset: 0, total: 45}, {cursor: false})).toBe('1-20 of 45 shown; more: --offset 20');
    expect(moreHint({shown: 20, offset: 20, total: 45}, {cursor: false})).toBe('21-40 of 45 shown; more: --offset 40');
    expect(moreHint({shown: 5, offset: 40, total: 45}, {cursor: false})).toBeUndefined();
    expect(moreHint({shown: 3, total: 3}, {cursor: false})).toBeUndefined();
    expect(moreHint({shown: 0, offset: 50, total: 45}, {cursor: false})).toBeUndefined();
    expect(moreHint({shown: 20}, {cursor: false})).toBeUndefined();
  });
});
