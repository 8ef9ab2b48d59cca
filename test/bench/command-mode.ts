// Command-mode startup and one round trip, side by side with what plain Node pays for the same work.
import type {Suite} from './measure.js';
import {timeNode} from './measure.js';

const FETCH_ONCE = `
const r = await fetch(process.env.URL + '/api/v1/deployments', {headers: {authorization: 'Bearer ' + process.env.KEY}});
if (!r.ok) process.exit(1);
process.stdout.write(await r.text());
`;

export const commandMode: Suite = {
  id: 'command-mode',
  title: 'Command mode',
  description:
    'Each run is a fresh process. "bare fetch" is a Node child doing one `fetch` of GET /api/v1/deployments and printing ' +
    'the body — the floor for any CLI written in Node doing the same request.',
  measures: [
    {name: 'node -e 0', run: () => timeNode(['-e', '0'])},
    {
      name: 'bare fetch (node)',
      run: (ctx) => timeNode(['--input-type=module', '-e', FETCH_ONCE], {URL: ctx.url, KEY: ctx.adminKey}),
    },
    {name: 'svc --version', run: (ctx) => timeNode([ctx.cli, '--version'])},
    {
      name: 'svc deployments list --json',
      run: (ctx) =>
        timeNode([ctx.cli, 'deployments', 'list', '--json'], {SVC_API_URL: ctx.url, SVC_API_KEY: ctx.adminKey, SVC_CONFIG_DIR: '/nonexistent-svc-bench'}),
    },
  ],
  targets: [
    {label: 'deployments list vs bare fetch', measure: 'svc deployments list --json', baseline: 'bare fetch (node)', maxRatio: 1.1},
    {label: 'svc --version vs node -e 0', measure: 'svc --version', baseline: 'node -e 0', maxRatio: 1.5},
  ],
};
