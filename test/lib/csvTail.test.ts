// The audit preview's incremental CSV reader (lib/csv.ts CsvTail, on csv-parse): records split anywhere across chunks, quoted commas, quotes and line
// breaks, and only the newest rows kept.
import {describe, expect, it} from 'vitest';
import {CsvTail} from '../../src/lib/csv.js';

const CSV =
  'id,created_at,event_name,user_email,data\r\n' +
  '1,2026-06-01T09:00:00.000Z,deployment.update,a@x.example,"{""name"":""a,b""}"\r\n' +
  '2,2026-06-01T09:00:01.000Z,apiKey.create,,"line one\r\nline two"\r\n' +
  '3,2026-06-01T09:00:02.000Z,envVariables.set,b@x.example,""\r\n';

const ROWS = [
  ['1', '2026-06-01T09:00:00.000Z', 'deployment.update', 'a@x.example', '{"name":"a,b"}'],
  ['2', '2026-06-01T09:00:01.000Z', 'apiKey.create', '', 'line one\r\nline two'],
  ['3', '2026-06-01T09:00:02.000Z', 'envVariables.set', 'b@x.example', ''],
];

describe('CsvTail', () => {
  it('reads quoted fields the same whichever way the text is cut into chunks', () => {
    for (const size of [1, 2, 3, 7, 64, CSV.length]) {
      const tail = new CsvTail(10);
      for (let i = 0; i < CSV.length; i += size) tail.feed(CSV.slice(i, i + size));
      tail.end();
      expect(tail.newest, `chunks of ${size}`).toEqual(ROWS);
      expect(tail.seen).toBe(4);
    }
  });

  it('keeps only the newest rows, and counts a last record without its line break', () => {
    const tail = new CsvTail(2);
    tail.feed(CSV.slice(0, -2));
    tail.end();
    expect(tail.newest.map((r) => r[0])).toEqual(['2', '3']);
    expect(tail.seen).toBe(4);
  });

  it('reads on past a stray quote inside an unquoted field (before: the rest of the export became one field)', () => {
    const tail = new CsvTail(10);
    tail.feed('id,name\r\n1,a"b\r\n2,');
    tail.feed('売上\r\n');
    tail.end();
    expect(tail.newest).toEqual([
      ['1', 'a"b'],
      ['2', '売上'],
    ]);
  });
});
