// Wide and zero-width characters in a table: a CJK character and an emoji take two terminal cells, a combining
// accent none. The columns are laid out in cells, so every column starts at the same cell in every row whatever
// the names hold. Offsets are measured with string-width, the measure a terminal (and Ink) draws with.
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {listRegions} from '../../src/api/account.js';
import {createDeployment} from '../../src/api/deployments.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

const NAMES = ['売上ダッシュボード', '📊 revenue 🚀', 'cafe\u0301 cre\u0300me', 'plain-ascii', '売上ダッシュボードとマーケティングの全部のレポート'];

const segmenter = new Intl.Segmenter();

/** The cell each grapheme of `line` starts at, and the grapheme. */
function cellsOf(line: string): {cell: number; g: string}[] {
  let cell = 0;
  return Array.from(segmenter.segment(line), ({segment}) => {
    const at = {cell, g: segment};
    cell += stringWidth(segment);
    return at;
  });
}

/** The text of `line` from cell `cell` on; undefined when no grapheme starts there (a wide one straddles it). */
function fromCell(line: string, cell: number): string | undefined {
  const cells = cellsOf(line);
  const i = cells.findIndex((c) => c.cell === cell);
  return i < 0 ? undefined : cells.slice(i).map((c) => c.g).join('');
}

describe('a table of names with wide and zero-width characters', () => {
  for (const columns of [60, 80, 120]) {
    it(`keeps every column at the same cell in every row at ${columns} columns`, async () => {
      const {api, svc} = await startDemo('empty');
      const region = (await listRegions(api)).regions[0]!.name;
      for (const name of NAMES) await createDeployment(api, {name, region});
      const tui = renderApp(api, {screen: 'deployments'}, {columns, rows: 24});
      const frame = await tui.waitForFrame((f) => f.includes(`Deployments [${NAMES.length}]`) && f.includes('plain-ascii'));
      const lines = frame.split('\n');
      const header = lines.find((l) => /ID\s+NAME\s+URL/.test(l))!;
      expect(header).toBeDefined();
      const start = (heading: string) => cellsOf(header).find((c, i, all) => all.slice(i).map((x) => x.g).join('').startsWith(heading))!.cell;
      const at = {name: start('NAME'), url: start('URL'), created: start('CREATED')};
      const rows = lines.filter((l) => l.includes(`${svc.url}/data/`.slice(0, 4)) && /^(› | {2})\d/.test(l));
      expect(rows).toHaveLength(NAMES.length);
      for (const row of rows) {
        // Each column's text starts at its heading's cell, one blank cell after the column before it.
        expect(fromCell(row, at.url), row).toMatch(/^http/);
        expect(fromCell(row, at.created), row).toMatch(/^20\d\d-/);
        expect(fromCell(row, at.url - 1), row).toMatch(/^ /);
        expect(fromCell(row, at.created - 1), row).toMatch(/^ /);
        // The NAME cell holds a whole name, or the start of one cut with … (a combining accent stays on its letter).
        const name = fromCell(row, at.name)!.slice(0, fromCell(row, at.name)!.length - fromCell(row, at.url - 1)!.length).trimEnd();
        expect(NAMES.some((n) => n === name || (name.endsWith('…') && n.startsWith(name.slice(0, -1)))), `${name} in ${row}`).toBe(true);
        // The row is no wider than the terminal.
        expect(stringWidth(row), row).toBeLessThanOrEqual(columns);
      }
      expect(rows.some((r) => r.includes('…')), 'the longest name is cut').toBe(true);
    });
  }
});
