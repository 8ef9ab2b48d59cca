// The built UI at the smallest size it supports (60×15) in a real terminal (tmux on a private socket): every
// dialog and form of the console opens with its title and its focused field on screen, each on its own intact
// line (no two lines drawn over each other), inside one frame. And the shell below is clean after growing from
// too small (50×12) to 140×40 and quitting; the too-small notice reads whole at 25 columns.
import {describe, expect, it} from 'vitest';
import {hasTmux, type Pane, quitLocal, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-ui-small');
const open = (columns: number, rows: number) => term.open({columns, rows, before: 'echo SHELL-BEFORE'});

/**
 * One frame, laid out: the header on the first line and nowhere else, one footer, and every expected line whole
 * on a line of its own (a line drawn over another shows as two texts run together, which these patterns reject).
 */
function expectLaidOut(text: string, lines: RegExp[]): void {
  const rows = text.split('\n');
  expect(rows[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+/);
  expect(rows.filter((r) => r.startsWith('svc · local')).length).toBe(1);
  // The footer is the keys of what has focus (the screen's, with '? help', or a dialog's or field's, with 'Esc …'),
  // outside every dialog box, drawn once.
  const footers = rows.filter((r) => !/^[│╭╰]/.test(r) && /\? help|Esc(\/\S+)? \w+/.test(r));
  expect(footers.length, `not exactly one footer:\n${text}`).toBe(1);
  for (const pattern of lines) expect(rows.some((r) => pattern.test(r)), `no line matches ${pattern}:\n${text}`).toBe(true);
}

/** q on `svc ui --local` (quitLocal); the question after a change is laid out like every other. */
const quit = (ui: Pane, afterWrite: boolean) =>
  quitLocal(ui, afterWrite, (text) => expectLaidOut(text, [/^│ ! Quit\? The local demo data will be lost\s+│$/, /^│\s+Quit\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]));

/** The console at 60×15, on the first deployment's overview. */
async function openOverview(): Promise<Pane> {
  const ui = open(60, 15);
  await ui.waitFor(/Deployments \[\d+\]/);
  await ui.keys('Enter');
  await ui.waitFor('Deploy branch');
  return ui;
}

/** From a deployment's overview: its dbt runs, then the start-sync form. */
async function startSyncForm(ui: Pane): Promise<void> {
  await ui.keys('s');
  await ui.waitFor(/dbt runs · analytics-prod \[\d+\]/);
  await ui.keys('s');
  await ui.waitFor('Start a dbt sync');
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
    text = await ui.waitFor('close help');
    expectLaidOut(text, [/^Keys( · lines \d+–\d+ of \d+)?$/, /^j\/↓\/k\/↑ scroll {2}Esc\/q\/\?\/Enter close help$/]);
    await ui.keys('Escape', ':');
    // The palette has the keys: its footer replaces the screen's (4a6d134) from the frame that opens it and says
    // what Enter does there; the highlight's position is on the input line (180d38a).
    text = await ui.waitFor((t) => /^› deployments/m.test(t));
    expectLaidOut(text, [/^:deployments\s+1 of \d+$/, /^› deployments\s+\(dp, deploy\) Deployments/, /^Tab complete {2}Enter go to the screen {2}Esc close$/]);
    expect(text).not.toContain('? help');
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
    await startSyncForm(ui);
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
    await ui.keys('Escape');
    await quit(ui, false);
  }, 120_000);

  it('branches and dev mode: every question and prompt, title and focused field on intact lines', async () => {
    const ui = await openOverview();

    // Branches: new (a prompt), then the three questions about the branch under the cursor.
    await ui.keys('B');
    await ui.waitFor(/Branches · analytics-prod \[\d+\]/);
    await ui.keys('n');
    let text = await ui.waitFor('New branch from main');
    expectLaidOut(text, [/^│ New branch from main\s+│$/, /^│ Name:\s+/]);
    await ui.keys('feature-x');
    text = await ui.waitFor(/Name:\s+feature-x/);
    expectLaidOut(text, [/^│ New branch from main\s+│$/, /^│ Name:\s+feature-x\s+│$/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('New branch from'));
    await ui.keys('j');
    await ui.waitFor(/^› ├─ dbt-sync\/main/m);
    // A seeded dbt sync branch (dbt-sync/<ref>-<stamp>-<8hex> since 066f437) is under the cursor after j; the
    // staging question's title is too long for one line and wraps whole onto the next, the name intact.
    const synced = /dbt-sync\/main-\d{14}-[0-9a-f]{8}/.source;
    for (const [key, title, wrapped] of [
      ['D', new RegExp(`^│ ! Delete branch ${synced}\\?\\s+│$`), null],
      ['s', /^│ ! Enable the staging environment of\s+│$/, new RegExp(`^│ ${synced}\\?\\s+│$`)],
      ['m', new RegExp(`^│ ! Merge ${synced} into main\\?\\s+│$`), null],
    ] as const) {
      await ui.keys(key);
      text = await ui.waitFor((t) => title.test(t.split('\n').find((l) => l.startsWith('│ !')) ?? ''));
      expectLaidOut(text, [title, /^│\s+\w+\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
      if (wrapped) {
        const rows = text.split('\n');
        expect(rows[rows.findIndex((l) => title.test(l)) + 1], `title not continued:\n${text}`).toMatch(wrapped);
      }
      await ui.keys('Escape');
      await ui.waitFor((t) => !t.includes('│ !'));
    }
    await ui.keys('Escape');
    await ui.waitFor('Deploy branch');

    // Dev mode: the picker's new-branch prompt, then (in dev mode) new file, rename, delete and the commit guard.
    await ui.keys('d');
    await ui.waitFor(/› main\s+deploy/);
    await ui.keys('n');
    text = await ui.waitFor('New branch from main, then dev mode on it');
    expectLaidOut(text, [/^│ New branch from main, then dev mode on it\s+│$/, /^│ Name:\s+/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('then dev mode on it'));
    await ui.keys('t');
    await ui.waitFor(/Entered dev mode: dev-\S+ forked/);
    await ui.waitFor(/^› model\//m);
    const prompts: [string, RegExp, RegExp][] = [
      ['n', /^│ New file on dev-\S+ \(opens in \$EDITOR\)\s+│$/, /^│ Path: model\/cubes\/\s+│$/],
      ['R', /^│ Rename model\/\S+\s+│$/, /^│ New path: model\/\S+\s+│$/],
    ];
    for (const [key, title, field] of prompts) {
      await ui.keys(key);
      text = await ui.waitFor((t) => t.split('\n').some((l) => title.test(l)));
      expectLaidOut(text, [title, field, /^╰─+╯$/]);
      await ui.keys('Escape');
      await ui.waitFor((t) => !t.includes('╭'));
    }
    const questions: [string, RegExp][] = [
      // A title longer than the dialog wraps onto the next line instead of running over it.
      ['D', /^│ ! Delete model\/\S+ from\s+│$/],
      ['c', /^│ ! Commit anyway\? dev-\S+ was not validated\s+│$/],
    ];
    for (const [key, title] of questions) {
      await ui.keys(key);
      text = await ui.waitFor((t) => t.split('\n').some((l) => title.test(l)));
      expectLaidOut(text, [title, /^│\s+[\w ]+\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
      await ui.keys('Escape');
      await ui.waitFor((t) => !t.includes('╭'));
    }
    await quit(ui, true);
  }, 120_000);

  it('environment tokens, variables, an object screen and the dbt gate: forms and questions on intact lines', async () => {
    const ui = await openOverview();

    // Environment tokens: the list, then the issue form.
    await ui.keys('e');
    await ui.waitFor(/Environments · analytics-prod \[\d+\]/);
    await ui.keys('K');
    let text = await ui.waitFor(/Environment tokens of production \[\d+\]/);
    expectLaidOut(text, [/^│ Environment tokens of production \[\d+\]\s+│$/]);
    await ui.keys('n');
    text = await ui.waitFor('Issue environment token for production');
    expectLaidOut(text, [/^│ Issue environment token for production\s+│$/, /^│ › Security context: \{\}\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape', 'Escape');
    await ui.waitFor((t) => !t.includes('╭'));
    // An issued token: too long for the body, so it is cut in the middle and the keys that act on it stay.
    await ui.keys('T');
    await ui.waitFor('Issue metadata token for production');
    await ui.keys('Enter');
    text = await ui.waitFor('Metadata token for production');
    expectLaidOut(text, [/^│ ✓ Metadata token for production\s+│$/, /^│ eyJ\S+…\S+\s+│$/, /^│ cut to fit: y copies it whole/, /^│ y copy · w write to file · Esc close/, /^╰─+╯$/]);
    await ui.keys('Escape', 'Escape');
    await ui.waitFor('Deploy branch');

    // Variables: the set form and its review question, then the unset question.
    await ui.keys(':', 'variables', 'Enter');
    await ui.waitFor(/Variables · analytics-prod \[\d+\]/);
    await ui.keys('n');
    text = await ui.waitFor('Set a variable on analytics-prod');
    expectLaidOut(text, [/^│ Set a variable on analytics-prod\s+│$/, /^│ › Name:\s+/, /^╰─+╯$/]);
    // The review question after the form names the rebuild; No goes back to the form, Esc closes it.
    await ui.keys('SMALL_TEST', 'Tab', 'on', 'Enter');
    text = await ui.waitFor(/! Set SMALL_TEST on analytics-prod\?/);
    expectLaidOut(text, [/^│ ! Set SMALL_TEST on analytics-prod\?\s+│$/, /^│\s+Set\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape');
    await ui.waitFor('Set a variable on analytics-prod');
    await ui.keys('Escape', 'D');
    text = await ui.waitFor(/! Unset \S+ on analytics-prod\?/);
    expectLaidOut(text, [/^│ ! Unset \S+ on analytics-prod\?\s+│$/, /^│\s+Unset\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('╭'));

    // An object screen's delete question.
    await ui.keys(':', 'api-keys', 'Enter');
    await ui.waitFor(/API keys \[\d+\]/);
    await ui.keys('D');
    text = await ui.waitFor('Delete API key');
    expectLaidOut(text, [/^│ ! Delete API key \d+ "\S+"\?\s+│$/, /^│\s+Yes\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('╭'));

    // The dbt gate's form: two labelled fields, the long example wrapping under its own field.
    await ui.keys(':', 'gate', 'Enter');
    await ui.waitFor(/^dbt gate · analytics-prod/m);
    await ui.keys('s');
    text = await ui.waitFor('Gate a dbt ref');
    expectLaidOut(text, [/^│ Gate a dbt ref\s+│$/, /^│ › Ref:\s{5}‹main/, /^│ {3}Measure: ‹cube\.measure/, /^╰─+╯$/]);
    await ui.keys('Escape');
    // Issuing a metadata token changes nothing in the demo data (every question was answered No): q quits at once.
    await quit(ui, false);
  }, 120_000);

  it('a running dbt sync: the cancel question and the dbt generate form', async () => {
    const ui = await openOverview();
    await startSyncForm(ui);
    await ui.keys('main', 'Enter');
    await ui.waitFor(/^dbt run · [0-9a-f-]{36}/m);
    await ui.keys('x');
    let text = await ui.waitFor('Cancel dbt sync');
    expectLaidOut(text, [/^│ ! Cancel dbt sync [0-9a-f-]{36}\?\s+│$/, /^│\s+Cancel the sync\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape');
    await ui.waitFor((t) => !t.includes('╭'));
    await ui.keys('m');
    text = await ui.waitFor('dbt generate: cube files from a dbt manifest');
    expectLaidOut(text, [/^│ dbt generate: cube files from a dbt manifest\s+│$/, /^│ › Manifest: \S+\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape');
    await quit(ui, true);
  }, 120_000);

  it('contexts: the add form (key masked) and the delete question', async () => {
    const ui = open(60, 15);
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys(':', 'ctx', 'Enter');
    await ui.waitFor('No saved contexts yet');
    await ui.keys('a');
    let text = await ui.waitFor('Add context');
    expectLaidOut(text, [/^│ Add context\s+│$/, /^│ › Name\s+/, /^╰─+╯$/]);
    await ui.keys('mine', 'Tab', 'https://acme.example.com', 'Tab', 'svc_secret_typed_here_123');
    text = await ui.waitFor(/› API key •{25}\s/);
    expectLaidOut(text, [/^│ Add context\s+│$/, /^│ {3}Name\s+mine\s+│$/, /^│ {3}URL\s+https:\/\/acme\.example\.com\s+│$/, /^│ › API key •{25}\s+│$/]);
    expect(text).not.toContain('svc_secret_typed_here_123');
    await ui.keys('Enter');
    text = await ui.waitFor(/Contexts \[1\]/);
    expect(text).not.toContain('svc_secret_typed_here_123');
    await ui.keys('D');
    text = await ui.waitFor('Delete context mine?');
    expectLaidOut(text, [/^│ ! Delete context mine\?\s+│$/, /^│\s+Delete\s+› No\s+\(y\/N\)\s+│$/, /^╰─+╯$/]);
    await ui.keys('Escape');
    await quit(ui, false);
  }, 120_000);
  it('the query console: the query line, the branch prompt and the export prompt with their fields on screen', async () => {
    const ui = await openOverview();
    await ui.keys(':', 'query', 'Enter');
    // The query line has the keys: the footer names what they do there, ctrl+b for the branch (64458db), once.
    let text = await ui.waitFor(/\d+ measures, \d+ dimensions/);
    expectLaidOut(text, [/^Query · analytics-prod/, /^› /, /^Enter run {2}Esc back {2}Tab complete {2}↑\/↓ history$/]);
    await ui.keys('orders.count', 'Enter');
    text = await ui.waitFor(/✓ \d+ rows? in/);
    expectLaidOut(text, [/^ {2}orders\.count$/, /^✓ \d+ rows? in \d+ ms$/]);
    await ui.keys('b');
    text = await ui.waitFor('Branch (empty: production)');
    expectLaidOut(text, [/^Branch \(empty: production\) › /]);
    await ui.keys('Escape', 'x');
    text = await ui.waitFor('Export to a new file');
    expectLaidOut(text, [/^Export to a new file/, /^› query-\d{4}-\d{2}-\d{2}\.csv$/]);
    await ui.keys('Escape');
    // A query and the tokens it takes change nothing in the demo data: q quits at once.
    await quit(ui, false);
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
