// The export workflow against the real service on loopback: progress as events arrive, the file appears only
// when complete, an aborted export leaves nothing behind; and the record counter across chunk boundaries.
import {existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CsvRecordCounter} from '../../src/api/audit.js';
import {insertAuditEvent} from '../../src/server/store/audit.js';
import {exportAuditLogTo, type AuditExportProgress} from '../../src/workflows/auditExport.js';
import {parseCsv} from '../helpers/csv.js';
import {adminApi, startTestService, TEST_EPOCH, type TestService} from '../helpers/startService.js';

const INSERTED = 20_000;
// The inserted events and the service's own start (the oldest).
const EVENTS = INSERTED + 1;
let svc: TestService;
let dir: string;

beforeAll(async () => {
  svc = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'svc-audit-wf-'));
  const db = svc.ctx.db;
  db.transaction(() => {
    for (let i = 0; i < INSERTED; i++) {
      insertAuditEvent(db, {name: 'deployment.update', userEmail: 'admin@acme.example', createdAt: TEST_EPOCH + i, ip: null, data: {note: `line\nbreak, "${i}"`}});
    }
  })();
});
afterAll(() => svc.close());

const api = () => adminApi(svc);

describe('exportAuditLogTo', () => {
  it('reports growing progress and writes the complete file under its name', async () => {
    const file = join(dir, 'audit.csv');
    const seen: AuditExportProgress[] = [];
    let started: {total?: number} | undefined;
    const result = await exportAuditLogTo(api(), {filters: {}, to: file, onStart: (s) => (started = s), onProgress: (p) => seen.push(p)});
    expect(started).toMatchObject({total: EVENTS});
    expect(result).toMatchObject({events: EVENTS, total: EVENTS, filename: 'audit-log-2026-06-01.csv'});
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.map((p) => p.events)).toEqual([...seen.map((p) => p.events)].sort((a, b) => a - b));
    const text = readFileSync(file, 'utf8');
    expect(result.bytes).toBe(Buffer.byteLength(text));
    const rows = parseCsv(text);
    expect(rows).toHaveLength(EVENTS + 1);
    expect(rows[1]?.[2]).toBe('service.start');
    expect(JSON.parse(rows[EVENTS]?.[4] ?? '')).toEqual({note: `line\nbreak, "${INSERTED - 1}"`});
  });

  it('an aborted export leaves neither the file nor a partial one', async () => {
    const file = join(dir, 'aborted.csv');
    const controller = new AbortController();
    const run = exportAuditLogTo(api(), {
      filters: {},
      to: file,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.events > 1000) controller.abort(new Error('stopped by the user'));
      },
    });
    await expect(run).rejects.toThrow();
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('aborted'))).toEqual([]);
  });
});

describe('CsvRecordCounter', () => {
  it('counts records, not line breaks inside quoted fields, whatever the chunking', () => {
    const csv = 'a,b\r\n1,"x\r\ny"\r\n2,"say ""hi"", ok"\r\n3,"\n"\r\n';
    for (const size of [1, 2, 3, 7, csv.length]) {
      const counter = new CsvRecordCounter();
      for (let i = 0; i < csv.length; i += size) counter.feed(csv.slice(i, i + size));
      expect(counter.records).toBe(4);
    }
  });
});

describe('exportAuditLogTo a terminal', () => {
  const collect = async (terminal: boolean): Promise<string> => {
    const {PassThrough} = await import('node:stream');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await exportAuditLogTo(api(), {filters: {eventName: 'probe.hostile'}, to: out, terminal});
    return Buffer.concat(chunks).toString('utf8');
  };
  beforeAll(() => {
    // JSON in the data column already escapes C0 (`\u001b`), but not C1 or bidi; the other columns are plain text.
    insertAuditEvent(svc.ctx.db, {name: 'probe.hostile', userEmail: 'eve\u001b]0;owned\u0007@example.com', createdAt: TEST_EPOCH, ip: null, data: {name: 'x\u009b2J\u202ey'}});
  });

  it('makes server text inert and ends lines with LF on a terminal', async () => {
    const shown = await collect(true);
    expect(shown).toContain('probe.hostile');
    expect(shown).not.toMatch(/[\u001b\u0007\u009b\u202e\r]/);
    expect(shown).toContain('eve\\x1b]0;owned\\x07@example.com');
    expect(shown).toContain('x\\x9b2J\\u202ey');
  });

  it('keeps the CSV byte for byte when it is not a terminal (a pipe or a file)', async () => {
    const raw = await collect(false);
    expect(raw).toContain('eve\u001b]0;owned\u0007@example.com');
    expect(raw).toContain('x\u009b2J\u202ey');
    expect(raw).toContain('\r\n');
  });
});
