import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {EXIT_USAGE, UserError, exitQuietlyOnClosedPipe, printError, printJson, printTable, success} from '../../src/commands/output.js';

let out = '';
let err = '';

beforeEach(() => {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
});
afterEach(() => vi.restoreAllMocks());

describe('output', () => {
  it('installs the closed-pipe handler once however many runs of the command tree a process makes', () => {
    const before = process.stdout.listenerCount('error');
    for (let i = 0; i < 3; i++) exitQuietlyOnClosedPipe();
    expect(process.stdout.listenerCount('error') - before).toBeLessThanOrEqual(1);
    exitQuietlyOnClosedPipe();
    expect(process.stdout.listenerCount('error') - before).toBeLessThanOrEqual(1);
  });

  it('pads columns to the widest cell, two spaces apart, without trailing spaces', () => {
    printTable(['ID', 'NAME', 'NOTE'], [['1', 'analytics-prod', null], ['22', 'é', {a: 1}], ['3', 'two\n  lines', true]]);
    expect(out).toBe('ID  NAME            NOTE\n1   analytics-prod\n22  é               {"a":1}\n3   two lines       true\n');
    expect(err).toBe('');
  });

  it('pads in terminal cells: a CJK or emoji name takes two cells a character, a combining accent none', () => {
    printTable(['ID', 'NAME', 'URL'], [['1', '売上ダッシュボード', 'u1'], ['2', '📊 revenue 🚀', 'u2'], ['3', 'cafe\u0301', 'u3']]);
    // Every URL starts at cell 24: ID (2) + 2 + NAME (18 cells, the widest name) + 2.
    expect(out).toBe('ID  NAME                URL\n1   売上ダッシュボード  u1\n2   📊 revenue 🚀       u2\n3   cafe\u0301                u3\n');
  });

  it('says "No results" on stderr and prints nothing on stdout for an empty list', () => {
    printTable(['ID'], []);
    expect(out).toBe('');
    expect(err).toBe('No results\n');
  });

  it('prints JSON documents, ✓ lines, and errors without stacks', () => {
    printJson(undefined);
    success('Deleted deployment 4');
    expect(out).toBe('null\n✓ Deleted deployment 4\n');
    expect(printError(new UserError('bad flag', EXIT_USAGE))).toBe(2);
    expect(printError(new Error('boom'))).toBe(1);
    expect(err).toBe('error: bad flag\nerror: boom\n');
  });
});
