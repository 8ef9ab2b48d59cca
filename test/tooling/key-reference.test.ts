// The key reference in docs/console.md is written from src/ui/keymap.ts: every binding (its keys, what it does,
// whether it asks first) has a row under the heading of its scope, so the guide cannot drift from the keys. A key
// added, renamed or re-described makes this test fail with the rows that differ; `UPDATE_DOCS=1 npx vitest run
// test/tooling/key-reference.test.ts` rewrites the block between the markers.
import {readFileSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {SCREENS} from '../../screens/index.js';
import {KEYMAP, keysLabel, type Binding, type KeyScope} from '../../src/ui/keymap.js';

const GUIDE = join(resolve(import.meta.dirname, '../..'), 'docs/console.md');
const START = '<!-- keys:start (written from src/ui/keymap.ts by test/tooling/key-reference.test.ts) -->';
const END = '<!-- keys:end -->';

/** The shell's scopes, in the order a reader meets them; the screens' follow in keymap order. */
const SHELL_SCOPES: readonly [KeyScope, string][] = [
  ['global', 'Everywhere'],
  ['list', 'Lists'],
  ['pager', 'Logs'],
  ['palette', 'The `:` palette'],
  ['input', 'Text fields'],
  ['form', 'Forms'],
  ['dialog', 'Questions'],
  ['overlay', 'Help (`?`)'],
];

function screenHeading(scope: string): string {
  const id = scope.slice('screen:'.length);
  const screen = SCREENS.find((s) => s.id === id);
  if (screen) return `${screen.title} (\`:${screen.name}\`)`;
  const sharing = SCREENS.filter((s) => s.keyScope === id);
  // The generic resource view: one key block for every object screen.
  if (sharing.length > 0) return `Object screens (${sharing.map((s) => `\`:${s.name}\``).join(', ')})`;
  return id;
}

const cell = (text: string) => text.replaceAll('|', '\\|');
const keysCell = (b: Binding) => b.keys.map((k) => `\`${keysLabel({keys: [k]})}\``).join(' ');
const note = (b: Binding) => (b.dangerous ? (b.immediate ? 'acts at once; hidden under `--readonly`' : 'asks first; hidden under `--readonly`') : '');

function keyReference(): string {
  const scopes = [...SHELL_SCOPES];
  for (const b of KEYMAP) {
    if (b.scope.startsWith('screen:') && !scopes.some(([s]) => s === b.scope)) scopes.push([b.scope, screenHeading(b.scope)]);
  }
  const uncovered = KEYMAP.filter((b) => !scopes.some(([s]) => s === b.scope));
  if (uncovered.length > 0) throw new Error(`scopes with no heading: ${[...new Set(uncovered.map((b) => b.scope))].join(', ')}`);
  const out: string[] = [];
  for (const [scope, heading] of scopes) {
    const rows = KEYMAP.filter((b) => b.scope === scope);
    if (rows.length === 0) continue;
    out.push(`**${heading}**`, '', '| keys | action | |', '|---|---|---|');
    for (const b of rows) out.push(`| ${keysCell(b)} | ${cell(b.description)} |${note(b) ? ` ${note(b)} ` : ' '}|`);
    out.push('');
  }
  return out.join('\n');
}

function keysBlock(text: string): string | undefined {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + START.length, end).replace(/^\n+|\n+$/g, '');
}

describe('the key reference in docs/console.md', () => {
  it('has a row for every binding of src/ui/keymap.ts, under its scope, and nothing else', () => {
    let text = readFileSync(GUIDE, 'utf8');
    const wanted = keyReference().replace(/\n+$/, '');
    if (process.env.UPDATE_DOCS === '1' && keysBlock(text) !== undefined) {
      text = `${text.slice(0, text.indexOf(START) + START.length)}\n\n${wanted}\n\n${text.slice(text.indexOf(END))}`;
      writeFileSync(GUIDE, text);
    }
    const block = keysBlock(text);
    expect(block, `docs/console.md has no ${START} … ${END} block`).toBeDefined();
    const have = new Set(block!.split('\n'));
    const want = new Set(wanted.split('\n'));
    const missing = [...want].filter((l) => l.startsWith('|') && !have.has(l));
    const stale = [...have].filter((l) => l.startsWith('|') && !want.has(l));
    expect(
      {missing, stale},
      'the key reference in docs/console.md differs from src/ui/keymap.ts: run UPDATE_DOCS=1 npx vitest run test/tooling/key-reference.test.ts',
    ).toEqual({missing: [], stale: []});
    // Headings and order too, not only the rows.
    expect(block).toBe(wanted);
  });

  it('names every key of every binding in its row (the check itself cannot pass vacuously)', () => {
    const reference = keyReference();
    expect(KEYMAP.length).toBeGreaterThan(50);
    for (const b of KEYMAP) {
      const row = reference.split('\n').find((l) => l.startsWith(`| ${keysCell(b)} | ${cell(b.description)} |`));
      expect(row, b.id).toBeDefined();
      for (const k of b.keys) expect(row).toContain(`\`${keysLabel({keys: [k]})}\``);
    }
  });
});
