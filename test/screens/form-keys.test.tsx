// The footer is the one place that names keys: every form and prompt names its keys there, with its own verb for
// Enter (`Enter create`), and no line inside the box names them again (VarForm's box said "Tab switch field ·
// Enter review" while the footer said "Tab next field  Enter submit").
import {describe, expect, it} from 'vitest';
import {renderApp, startDemo} from '../helpers/screenApp.js';
import {tempConfigDirPerTest} from '../helpers/tempConfigDir.js';
import type {Tui} from '../helpers/renderTui.js';

tempConfigDirPerTest('svc-form-keys-');

const footerOf = (frame: string) => frame.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';
const keyLines = (frame: string) => frame.split('\n').filter((l) => /\b(Enter|Esc|Tab)\b/.test(l));
const PROD = {deploymentId: '1', deploymentName: 'analytics-prod'};

const FORMS: ReadonlyArray<[name: string, target: {screen: string; params?: Record<string, string>}, ready: string | RegExp, key: string, title: string, footer: string]> = [
  ['new deployment', {screen: 'deployments'}, /analytics-prod[\s\S]*q quit/, 'c', 'New deployment', 'Tab next field  Enter create  Esc cancel'],
  ['metadata token', {screen: 'environments', params: PROD}, 'Environments · analytics-prod [3]', 'T', 'Issue metadata token for', 'Tab next field  Enter issue  Esc cancel'],
  ['variable', {screen: 'variables', params: PROD}, /Variables · analytics-prod \[\d+\]/, 'n', 'Set a variable on analytics-prod', 'Tab next field  Enter review  Esc cancel'],
  ['audit filters', {screen: 'audit'}, /newest \d+ of \d+ events/, 'f', 'Audit log range and filters', 'Tab next field  Enter apply  Esc cancel'],
  ['new context', {screen: 'ctx'}, 'a add a context', 'a', 'Add context', 'Tab next field  Enter save  Esc cancel'],
  ['dbt sync ref', {screen: 'dbt', params: PROD}, '[50]', 's', 'Start a dbt sync', 'Enter start  Esc cancel'],
  ['new branch', {screen: 'branches', params: PROD}, /Branches · analytics-prod \[\d+\]/, 'n', 'New branch', 'Enter create  Esc cancel'],
];

/** The first frame that shows the form with its footer, and every frame drawn since the key that opened it. */
async function opened(tui: Tui, key: string, title: string, footer: string): Promise<{frame: string; since: string[]}> {
  const from = tui.frames.length;
  await tui.press(key);
  const frame = await tui.waitForFrame((f) => f.includes(title) && footerOf(f) === footer);
  return {frame, since: tui.frames.slice(from)};
}

describe('a form names its keys in the footer only', () => {
  for (const [name, target, ready, key, title, footer] of FORMS) {
    it(`${name}: the footer says what Enter does there, from the first frame that shows it, and nothing in the box names keys`, async () => {
      const {api} = await startDemo();
      const tui = renderApp(api, target, {columns: 140, rows: 30});
      await tui.waitForFrame(ready);
      const {frame, since} = await opened(tui, key, title, footer);
      expect(keyLines(frame)).toEqual([footer]);
      // The dialog host shows a dialog only once its keys are the footer's (it was a frame late).
      const shown = since.filter((f) => f.includes(title));
      expect(shown.map(footerOf)).toEqual(shown.map(() => footer));
    });
  }
});
