// The command tree's top-level groups, in the order `svc --help` lists them. A run loads the one group its first
// word names (far less JavaScript to parse than the whole tree: BENCHMARKS.md, "Second pass"); help, an unknown
// word and `completion` (which writes the whole tree into the script) load them all.
// test/commands/groups.test.ts checks these names against the tree each module really builds.
import type {Command} from '@commander-js/extra-typings';
import {OBJECT_KINDS} from '../contract/catalogue.js';
import {commandWord} from './commandWord.js';

type Register = (program: Command) => void;

export interface CommandGroup {
  /** Every top-level name and alias the module registers. */
  readonly names: readonly string[];
  readonly load: () => Promise<Register>;
  /** The group reads the whole tree (completion scripts). */
  readonly wholeTree?: true;
}

export const COMMAND_GROUPS: readonly CommandGroup[] = [
  {names: ['ui'], load: async () => (await import('./ui.js')).register},
  {names: ['login', 'logout', 'whoami'], load: async () => (await import('./auth.js')).register},
  {names: ['context'], load: async () => (await import('./context.js')).register},
  {names: ['deployments', 'deployment'], load: async () => (await import('./deployments.js')).register},
  {names: ['environments', 'environment', 'envs'], load: async () => (await import('./environments.js')).register},
  {names: ['data-model', 'dm'], load: async () => (await import('./dataModel.js')).register},
  {names: ['deploy'], load: async () => (await import('./deploy.js')).register},
  {names: ['validate'], load: async () => (await import('./validate.js')).register},
  {names: ['query'], load: async () => (await import('./query.js')).register},
  {names: ['regions', 'region'], load: async () => (await import('./account.js')).registerRegions},
  {names: ['api-keys', 'api-key'], load: async () => (await import('./account.js')).registerApiKeys},
  {names: ['audit'], load: async () => (await import('./audit.js')).register},
  {names: ['scim'], load: async () => (await import('./scim.js')).register},
  {names: ['dbt'], load: async () => (await import('./dbt.js')).register},
  {names: ['watch'], load: async () => (await import('./watch.js')).register},
  {
    names: [
      'logs', 'variables', 'vars', 'variable', 'github', 'gh',
      // The object catalogue's command groups, as objects.ts registers them.
      ...OBJECT_KINDS.flatMap((k) => (k.command ? [k.command.name, ...k.command.aliases] : [])),
      'tenant', 'app', 'embed', 'workspace', 'meta',
    ],
    load: async () => (await import('./objects.js')).register,
  },
  {names: ['dashboards', 'dashboard'], load: async () => (await import('./dashboards.js')).register},
  {names: ['metric-views', 'metric-view'], load: async () => (await import('./metricViews.js')).register},
  {names: ['agents', 'agent'], load: async () => (await import('./agents.js')).register},
  {names: ['integrations', 'integration', 'oauth'], load: async () => (await import('./integrations.js')).register},
  {names: ['oidc'], load: async () => (await import('./oidc.js')).register},
  {names: ['spec'], load: async () => (await import('./spec.js')).registerSpec},
  {names: ['api'], load: async () => (await import('./spec.js')).registerApi},
  {names: ['server'], load: async () => (await import('./server.js')).register},
  {names: ['completion'], load: async () => (await import('./completion.js')).register, wholeTree: true},
  {names: ['update'], load: async () => (await import('./update.js')).register},
];

/** The groups a run of `argv` needs: the one its command word names, or all of them. */
export function groupsFor(argv: readonly string[] | undefined): readonly CommandGroup[] {
  const word = argv && commandWord(argv);
  const group = word === undefined ? undefined : COMMAND_GROUPS.find((g) => g.names.includes(word));
  return group && !group.wholeTree ? [group] : COMMAND_GROUPS;
}
