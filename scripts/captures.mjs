// Rewrites the screen captures in docs/console.md from the real console: `node scripts/captures.mjs` (after
// `npm run build`) runs `svc ui --local` (the demo) in tmux at 120×35, walks each session's keys below, and puts
// each capture between its markers (<!-- capture:NAME --> … <!-- /capture:NAME -->), blank rows removed, so the
// captures show what the console draws today. It uses a private tmux socket and a temporary config directory,
// and every wait is bounded. Exit 1 when a screen never shows what a step waits for, or when the document and the
// list below name different captures. CAPTURE_SESSION=N runs session N alone and rewrites only its captures.
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';

const ROOT = resolve(import.meta.dirname, '..');
const DOC = join(ROOT, 'docs/console.md');
const COLUMNS = 120;
const ROWS = 35;
const KEY_DELAY_MS = 150;
const WAIT_MS = 90_000;
/** How long a capture waits for a moment between two fetches (no spinner in the header) before it takes the screen as it is. */
const QUIET_MS = 10_000;

// The list is whole once the last row on screen has its version (the state columns fill in after the rows).
const first = {wait: /Deployments \[45\][\s\S]*28 +sandbox-25 .*✓ built +1\.\d/};
const overview = [first, 'Enter', {wait: /Latest syncs[\s\S]*ref main/}];

/**
 * One session is one fresh `svc ui --local`. A step is keys to type (a named tmux key such as `Enter`, `Escape`,
 * `Tab`, `Down`, or text typed as is), `{wait: RegExp}` (bounded) or `{capture: name}`.
 */
const SESSIONS = [
  [first, {capture: 'deployments'}, 'Enter', {wait: /Build +✓ built[\s\S]*Latest syncs/}, {capture: 'overview'}],
  [
    ...overview, 'V', {wait: /Variables · analytics-prod \[6\]/}, 'n', {wait: /Set a variable/},
    'WAREHOUSE_TOKEN', 'Tab', 'not-a-real-secret', {wait: /Value: +•{17}/}, {capture: 'variables-form'},
    'Enter', {wait: /\(y\/N\)/}, 'y', {wait: /Variables · analytics-prod \[7\][\s\S]*Rebuild/}, {capture: 'variables-set'},
  ],
  [
    ...overview, 'v', {wait: /Versions · analytics-prod/}, 'j', 's', {wait: /Switch analytics-prod to version/}, {capture: 'versions-switch'},
    'y', {wait: /Status: ● building/}, {capture: 'rebuild-building'}, {wait: /Status: ✓ built/}, {capture: 'rebuild-built'},
    ':', 'audit', 'Enter', {wait: /Audit log \[\d+\][\s\S]*deployment\.update/}, 'Enter', {wait: /Audit event \d+ · /}, {capture: 'audit-event'},
  ],
  [
    ...overview, 'e', {wait: /Environments · analytics-prod \[3\][\s\S]*SQL +host/}, {capture: 'environments'},
    'Escape', {wait: /Latest syncs/}, 'B', {wait: /Branches · analytics-prod \[\d+\][\s\S]*main/}, {capture: 'branches'},
    'Escape', {wait: /Latest syncs/}, 'd', {wait: /Not in dev mode/}, {capture: 'devmode'},
    'Escape', {wait: /Latest syncs/}, 's', {wait: /dbt runs · analytics-prod \[\d+\][\s\S]*COMPLETED/}, {capture: 'dbt-runs'},
    'Enter', {wait: /dbt run · [\s\S]*Log/}, 'g', {wait: /scrolled back/}, {capture: 'dbt-run'},
    'Escape', 'Escape', {wait: /Latest syncs/}, 'l', {wait: /Logs · analytics-prod[\s\S]*lines \d+–\d+ of \d+/}, {capture: 'logs'},
  ],
  [first, ':', 'api-keys', 'Enter', {wait: /API keys \[\d+\][\s\S]*admin/}, {capture: 'api-keys'}, 'd', {wait: /API key \d+ · YAML/}, {capture: 'api-key'}],
  [
    ...overview, 'f', {wait: /Files · analytics-prod · main \[\d+\][\s\S]*model\//}, {capture: 'files'},
    // The first Enter keeps the filter's text, the second opens the file.
    '/', 'orders.yml', {wait: /› .*orders\.yml/}, 'Enter', {wait: /\/orders\.yml[\s\S]*Enter open/}, 'Enter', {wait: /File · model\/cubes\/orders\.yml @ main[\s\S]*lines 1–/}, {capture: 'file'},
  ],
  [...overview, 'Q', {wait: /Query · analytics-prod[\s\S]*measures/}, 'orders.count orders.status', 'Enter', {wait: /rows in/}, {capture: 'query'}],
];

const socket = `svc-captures-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), 'svc-captures-'));
const tmux = (...args) => execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});
const isNamedKey = (key) => /^(Enter|Escape|Tab|BTab|Up|Down|Left|Right|PageUp|PageDown|Home|End|C-.)$/.test(key);

async function waitFor(pane, re, ms = WAIT_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = tmux('capture-pane', '-p', '-t', pane);
    if (re.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`${pane} never showed ${re}; it shows:\n${text}`);
    await sleep(100);
  }
}

/** What a reader should see: each row without its trailing blanks, blank rows left out. */
const tidy = (text) => text.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '').join('\n');

async function runSession(steps, index, captures) {
  const pane = `s${index}`;
  const env = `env -u VISUAL -u EDITOR SVC_CONFIG_DIR='${join(work, `config-${index}`)}' SVC_NO_UPDATE_CHECK=1 SVC_NO_TELEMETRY=1`;
  tmux('new-session', '-d', '-s', pane, '-x', String(COLUMNS), '-y', String(ROWS), 'bash', '--norc', '--noprofile', '-c', `cd '${ROOT}' && ${env} node dist/svc.js ui --local; exec sleep 60`);
  try {
    for (const step of steps) {
      if (typeof step === 'string') {
        tmux('send-keys', '-t', pane, ...(isNamedKey(step) ? [step] : ['-l', step]));
        await sleep(KEY_DELAY_MS);
      } else if ('wait' in step) {
        await waitFor(pane, step.wait);
      } else {
        // Between two fetches if one comes soon: no spinner at the end of the header line.
        const text = await waitFor(pane, /^[^\n]*[^⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏\s]\s*\n/, QUIET_MS).catch(() => tmux('capture-pane', '-p', '-t', pane));
        captures.set(step.capture, tidy(text));
        process.stderr.write(`captured ${step.capture}\n`);
      }
    }
  } finally {
    spawnSync('tmux', ['-L', socket, 'kill-session', '-t', pane]);
  }
}

function writeDoc(captures, all) {
  let doc = readFileSync(DOC, 'utf8');
  const named = [...doc.matchAll(/<!-- capture:([\w-]+) -->/g)].map((m) => m[1]);
  const missing = all ? named.filter((n) => !captures.has(n)) : [];
  const unused = [...captures.keys()].filter((n) => !named.includes(n));
  if (missing.length > 0 || unused.length > 0) throw new Error(`docs/console.md and the sessions disagree: not captured ${missing.join(', ') || '-'}; no place for ${unused.join(', ') || '-'}`);
  for (const [name, text] of captures) {
    const start = `<!-- capture:${name} -->`;
    const end = `<!-- /capture:${name} -->`;
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    if (to < from) throw new Error(`${end} missing after ${start}`);
    doc = `${doc.slice(0, from + start.length)}\n\`\`\`\n${text}\n\`\`\`\n${doc.slice(to)}`;
  }
  writeFileSync(DOC, doc);
}

try {
  tmux('new-session', '-d', '-s', 'keepalive', 'exec sleep 900');
  const captures = new Map();
  const only = process.env.CAPTURE_SESSION;
  for (const [i, steps] of SESSIONS.entries()) if (only === undefined || Number(only) === i) await runSession(steps, i, captures);
  writeDoc(captures, only === undefined);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  rmSync(work, {recursive: true, force: true});
}
