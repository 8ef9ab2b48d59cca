// Files of any branch in a real terminal (tmux on a private socket, the built `svc ui --local`): `:files` on the
// featured deployment opens the tree of main, a file on main opens in the pager (YAML coloured), `/` finds a line,
// `d` diffs it against another branch; on a dbt sync branch a generated file diffs against the newer sync's with
// -/+ lines. With SVC_CAPTURE_DIR set, it also writes text captures of the tree, the file and the diff there.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-files-e2e');

describe.skipIf(!hasTmux)('files of any branch in a real terminal', () => {
  it(':files, open a file on main, find a line, diff it; a changed file diffs with - and +', {timeout: 150_000}, async () => {
    const capture = process.env.SVC_CAPTURE_DIR;
    const save = (name: string, text: string) => capture && writeFileSync(join(capture, name), text);
    const ui = term.open({columns: 120, rows: 35});
    await ui.waitFor(/› 1\s+analytics-prod/, 30_000);

    await ui.keys(':', 'files', 'Enter');
    let text = await ui.waitFor(/Files · analytics-prod · main[\s\S]*▸ cubes\//, 30_000);
    expect(text).toContain('branch main (deploy branch) · read-only · 6 files');
    await ui.keys('j', 'Enter');
    text = await ui.waitFor(/▾ cubes\/[\s\S]*orders\.yml/);
    await ui.keys('j', 'j');
    text = await ui.waitFor(/›\s+orders\.yml/);
    save('files-tree.txt', text);

    await ui.keys('Enter');
    text = await ui.waitFor(/model\/cubes\/orders\.yml on main \(deploy branch\) · read-only · \d+ lines/);
    expect(text).toMatch(/^cubes:/m);
    // Keys and values in different colours (the pane's escapes): cyan keys, green values.
    const coloured = ui.screen({escapes: true});
    expect(coloured).toMatch(/\x1b\[(?:[0-9;]*;)?36m/);
    expect(coloured).toMatch(/\x1b\[(?:[0-9;]*;)?32m/);
    save('files-file.txt', text);

    await ui.keys('/', 'count_distinct', 'Enter');
    text = await ui.waitFor(/\/count_distinct: line \d+/);
    expect(text).toContain('type: count_distinct');
    await ui.keys('Escape');
    await ui.waitFor((s) => !s.includes('/count_distinct'));

    // d: the picker offers the other readable branches (not main itself, no one's dev-… fork).
    await ui.keys('d');
    text = await ui.waitFor(/against which branch\?[\s\S]*›\s+dbt-sync\/main-\d{14}-[0-9a-f]{8}\s+shared/);
    const synced = /›\s+(dbt-sync\/main-\d{14}-[0-9a-f]{8})/.exec(text)![1]!;
    expect(text).not.toMatch(/dev-admin/);
    await ui.keys('Enter');
    text = await ui.waitFor('no differences');
    expect(text).toContain(`model/cubes/orders.yml is the same on main and ${synced}`);
    await ui.keys('Escape');
    await ui.waitFor(/model\/cubes\/orders\.yml on main/);
    await ui.keys('Escape');
    await ui.waitFor(/›\s+orders\.yml/);

    // A sync of the v1.0.0 tag: its generated fct_orders.yml against a sync of main's, a real change, - and + lines.
    // Each seeded sync has its own branch, by name: the v1.0.0 ones sort last before staging.
    await ui.keys('b');
    await ui.waitFor('Browse which branch?');
    await ui.keys('G', 'k');
    text = await ui.waitFor(/›\s+dbt-sync\/v1\.0\.0-\d{14}-[0-9a-f]{8}/);
    const tagged = /›\s+(dbt-sync\/v1\.0\.0-\d{14}-[0-9a-f]{8})/.exec(text)![1]!;
    await ui.keys('Enter');
    await ui.waitFor(`branch ${tagged} · read-only`);
    await ui.keys('/', 'fct_orders', 'Enter');
    await ui.waitFor(/›\s+model\/cubes\/dbt\/fct_orders\.yml/);
    await ui.keys('d');
    await ui.waitFor(/against which branch\?[\s\S]*›\s+main\s+deploy/);
    await ui.keys('j');
    text = await ui.waitFor(/›\s+dbt-sync\/main-\d{14}-[0-9a-f]{8}\s+shared/);
    const main = /›\s+(dbt-sync\/main-\d{14}-[0-9a-f]{8})/.exec(text)![1]!;
    await ui.keys('Enter');
    text = await ui.waitFor(/^\+/m);
    // The line is cut at the pane's width: the branch names are long.
    expect(text).toContain(`model/cubes/dbt/fct_orders.yml: ${tagged} → ${main} (- only`);
    expect(text).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@/m);
    save('files-diff.txt', text);
    await ui.keys('Escape');
    await ui.waitFor(/›\s+model\/cubes\/dbt\/fct_orders\.yml/);
  });
});
