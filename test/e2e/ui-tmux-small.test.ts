// The built UI at the smallest size it supports (60×15) in a real terminal (tmux on a private socket): every
// dialog and form of the console opens with its title and its focused field on screen, each on its own intact
// line (no two lines drawn over each other), inside one frame. And the shell below is clean after growing from
// too small (50×12) to 140×40 and quitting; the too-small notice reads whole at 25 columns.
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-ui-small', {keyDelayMs: 200});
const open = (columns: number, rows: number) => term.open({columns, rows, before: 'echo SHELL-BEFORE'});

/**
 * One frame, laid out: the header on the first line and nowhere else, one footer, and every expected line whole
 * on a line of its own (a line drawn over another shows as two texts run together, which these patterns reject).
 */
function expectLaidOut(text: string, lines: RegExp[]): void {
  const rows = text.split('\n');
  expect(rows[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+/);
  expect(rows.filter((r) => r.startsWith('svc · local')).length).toBe(1);
  expect(text.split('? help').length - 1).toBe(1);
  for (const pattern of lines) expect(rows.some((r) => pattern.test(r)), `no line matches ${pattern}:\n${text}`).toBe(true);
}

describe.skipIf(!hasTmux)('every dialog and form at 60×15', () => {
  it('shows the title and the focused field, each on an intact line', async () => {
    const ui = open(60, 15);
    await ui.waitFor(/Deployments \[\d+\]/);

    // New deployment: name field focused, then the region choice.
    await ui.keys('c');
    let text = await ui.waitFor('New deployment');
    expectLaidOut(text, [/^│ New deployment\s+│$/, /^│ › Name:\s+\S/]);
    await ui.keys('Tab');
    text = await ui.waitFor((t) => t.includes('› Region:') && t.includes('◉ aws-us-east-1'));
    expectLaidOut(text, [/^│ New deployment\s+│$/, /^│ › Region:\s+│$/, /◉ aws-us-east-1/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('New deployment'));

    // Delete: type-to-confirm with its whole title.
    await ui.keys('D');
    text = await ui.waitFor('Delete deployment');
    expectLaidOut(text, [/^│ ! Delete deployment analytics-prod \(1\)\?\s+│$/, /^│ Type analytics-prod to confirm/, /^│ ›/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('Delete deployment'));

    // Help and the palette.
    await ui.keys('?');
    text = await ui.waitFor('Keys (Esc closes');
    expectLaidOut(text, [/^Keys \(Esc closes/]);
    await ui.keys('Escape', ':');
    text = await ui.waitFor(/^› deployments/m);
    expectLaidOut(text, [/^:deployments$/, /^› deployments\s+\(dp, deploy\) Deployments/]);
    await ui.keys('Escape');

    // Versions: the switch confirmation.
    await ui.keys('v');
    await ui.waitFor(/Versions · analytics-prod \[\d+\]/);
    await ui.keys('j', 's');
    text = await ui.waitFor(/Switch analytics-prod to version/);
    expectLaidOut(text, [/^│ ! Switch analytics-prod to version \S+ \(\w+\)\?\s+│$/, /^│\s+Switch\s+› No\s+\(y\/N\)\s+│$/]);
    await ui.keys('Escape', 'Escape');
    await ui.waitFor(/Deployments \[\d+\]/);

    // Environments: the metadata token form, both fields.
    await ui.keys('e');
    await ui.waitFor(/Environments · analytics-prod \[\d+\]/);
    await ui.keys('T');
    text = await ui.waitFor('Issue metadata token for production');
    expectLaidOut(text, [/^│ Issue metadata token for production\s+│$/, /^│ › Security context: \{\}\s+│$/]);
    await ui.keys('Tab');
    text = await ui.waitFor(/› Expires in/);
    expectLaidOut(text, [/^│ Issue metadata token for production\s+│$/, /^│ › Expires in \(s\):\s+86400\s+│$/]);
    await ui.keys('Escape', 'Escape');
    await ui.waitFor(/Deployments \[\d+\]/);

    // dbt runs: the start-sync form; what is typed is on screen.
    await ui.keys('Enter');
    await ui.waitFor('Deploy branch');
    await ui.keys('s');
    await ui.waitFor(/dbt runs · analytics-prod \[\d+\]/);
    await ui.keys('s');
    await ui.waitFor('Start a dbt sync');
    await ui.keys('release-2');
    text = await ui.waitFor(/› Ref:\s+release-2/);
    expectLaidOut(text, [/^│ Start a dbt sync\s+│$/, /^│ › Ref:\s+release-2\s+│$/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('Start a dbt sync'));

    // Audit: the range and filters form, and the export dialog.
    await ui.keys(':');
    await ui.keys('audit', 'Enter');
    await ui.waitFor(/^Audit log/m);
    await ui.keys('f');
    text = await ui.waitFor('Audit log range and filters');
    expectLaidOut(text, [/^│ Audit log range and filters\s+│$/, /^│ › Start\s+/]);
    await ui.keys('Escape', 'x');
    text = await ui.waitFor('Export the audit log to a CSV file');
    expectLaidOut(text, [/^│ Export the audit log to a CSV file\s+│$/, /^│ File: audit-log-\d{4}-\d{2}-\d{2}\.csv\s+│$/]);
    await ui.keys('Escape', 'q');
    await ui.waitFor('exit=0');
  }, 120_000);
});

describe.skipIf(!hasTmux)('resizing', () => {
  it('50×12 → 140×40 → q leaves the shell below clean', async () => {
    const ui = open(50, 12);
    await ui.waitFor('terminal too small (need 60×15, have 50×12)');
    ui.resize(140, 40);
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys('q');
    const text = await ui.waitFor('exit=0');
    const rows = text.split('\n').filter((r) => r.trim() !== '');
    expect(rows).toEqual(['SHELL-BEFORE', 'exit=0']);
  }, 60_000);

  it('shrinking to 25×10 leaves no piece of the old frame, and the notice reads whole', async () => {
    const ui = open(100, 30);
    await ui.waitFor(/Deployments \[\d+\]/);
    ui.resize(25, 10);
    const text = await ui.waitFor(/have 25×10\)/);
    const rows = text.split('\n').filter((r) => r.trim() !== '');
    expect(rows.join(' ')).toBe('terminal too small (need 60×15, have 25×10)');
    await ui.keys('q');
    await ui.waitFor('exit=0');
  }, 60_000);
});
