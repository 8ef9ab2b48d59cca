// Issue 16's new screens in a real terminal (tmux on a private socket, the built `svc ui --local`, $EDITOR a
// script): the deployments list shows live state, `:api-keys` creates a key (shown once) and deletes it, `:roles`
// creates a role and describes it.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-cover-e2e');
const nextEdit = (content: string) => writeFileSync(join(term.work, 'next.txt'), content);
/** The editor: puts next.txt in place of the file when there is one. */
const editor = () => `#!/bin/sh\nif [ -f "${term.work}/next.txt" ]; then cp "${term.work}/next.txt" "$1"; rm -f "${term.work}/next.txt"; fi\n`;

describe.skipIf(!hasTmux)('issue 16 screens in a real terminal', () => {
  it('live state on the list, :api-keys create + delete, :roles create + describe', {timeout: 120_000}, async () => {
    const ui = term.open({env: {EDITOR: term.script('editor.sh', editor())}, unset: ['VISUAL']});
    await ui.waitFor(/› 1\s+analytics-prod.*✓ built/);
    expect(ui.screen()).toMatch(/BUILD\s+VERSION\s+LAST SYNC\s+AGE\s+GIT/);

    await ui.keys(':', 'api-keys', 'Enter');
    await ui.waitFor(/API keys \[2\]/);
    nextEdit('name: e2e-key\n');
    await ui.keys('c');
    const shown = await ui.waitFor('Shown this once');
    const value = /New API key \d+\s*│?\s*\n│?\s*(\S+)/.exec(shown)?.[1] ?? '';
    expect(value).toMatch(/^svc_/);
    await ui.keys('Escape');
    let text = await ui.waitFor(/API keys \[3\]/);
    expect(text).not.toContain(value);
    await ui.keys('G');
    await ui.waitFor(/› \d+\s+e2e-key/);
    await ui.keys('D');
    await ui.waitFor(/Delete API key \d+ "e2e-key"\?/);
    await ui.keys('y');
    await ui.waitFor(/API keys \[2\]/);

    await ui.keys(':', 'roles', 'Enter');
    await ui.waitFor('No roles yet');
    nextEdit('name: e2e-role\npolicies: []\n');
    await ui.keys('c');
    await ui.waitFor(/› \d+\s+e2e-role/);
    await ui.keys('d');
    text = await ui.waitFor('· YAML ·');
    expect(text).toMatch(/^name: e2e-role/m);
  });
});
