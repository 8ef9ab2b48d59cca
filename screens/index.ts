// Screen registry: id → component, with the names the `:` palette offers. It lives with the screens (each
// loaded lazily so the shell paints before every screen is parsed); `svc ui` passes it to the App.
import type {ScreenParams} from '../src/ui/nav/navReducer.js';
import {lazyScreen, type ScreenDef} from '../src/ui/screen.js';
import {RESOURCE_TYPES} from './resources/types.js';

const deploymentCrumb = (p: ScreenParams) => p.deploymentName ?? `deployment ${p.deploymentId ?? ''}`;

export const SCREENS: readonly ScreenDef[] = [
  {
    id: 'deployments',
    title: 'Deployments',
    name: 'deployments',
    aliases: ['dp', 'deploy'],
    ...lazyScreen(() => import('./DeploymentsScreen.js').then((m) => m.DeploymentsScreen)),
  },
  {
    id: 'deployment',
    title: 'Deployment',
    name: 'overview',
    aliases: ['deployment', 'ov'],
    needs: ['deploymentId'],
    crumb: deploymentCrumb,
    ...lazyScreen(() => import('./DeploymentOverviewScreen.js').then((m) => m.DeploymentOverviewScreen)),
  },
  {
    id: 'versions',
    title: 'Versions',
    name: 'versions',
    aliases: ['ver', 'version'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./VersionsScreen.js').then((m) => m.VersionsScreen)),
  },
  {
    id: 'environments',
    title: 'Environments',
    name: 'envs',
    aliases: ['environments', 'env'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./EnvironmentsScreen.js').then((m) => m.EnvironmentsScreen)),
  },
  {
    id: 'build',
    title: 'Build',
    name: 'build',
    aliases: ['builds', 'bs'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./BuildScreen.js').then((m) => m.BuildScreen)),
  },
  {
    id: 'dbt',
    title: 'dbt runs',
    name: 'dbt',
    aliases: ['syncs', 'dbt-runs'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./DbtRunsScreen.js').then((m) => m.DbtRunsScreen)),
  },
  {
    id: 'dbtRun',
    title: 'dbt run',
    name: 'dbt-run',
    aliases: [],
    needs: ['deploymentId', 'syncJobId'],
    crumb: (p) => `sync ${(p.syncJobId ?? '').slice(0, 8)}`,
    palette: false,
    ...lazyScreen(() => import('./DbtRunScreen.js').then((m) => m.DbtRunScreen)),
  },
  {
    id: 'gate',
    title: 'dbt gate',
    name: 'gate',
    aliases: ['dbt-gate'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./DbtGateScreen.js').then((m) => m.DbtGateScreen)),
  },
  {
    id: 'branches',
    title: 'Branches',
    name: 'branches',
    aliases: ['br', 'branch'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./BranchesScreen.js').then((m) => m.BranchesScreen)),
  },
  {
    id: 'dev',
    title: 'Dev mode',
    name: 'dev',
    aliases: ['devmode', 'dev-mode'],
    needs: ['deploymentId'],
    crumb: (p) => (p.devFrom ? `dev mode · ${p.devFrom}` : 'dev mode'),
    ...lazyScreen(() => import('./DevModeScreen.js').then((m) => m.DevModeScreen)),
  },
  {
    id: 'logs',
    title: 'Logs',
    name: 'logs',
    aliases: ['log'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./LogsScreen.js').then((m) => m.LogsScreen)),
  },
  {
    id: 'variables',
    title: 'Variables',
    name: 'variables',
    aliases: ['vars', 'variable'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('./VariablesScreen.js').then((m) => m.VariablesScreen)),
  },
  {
    id: 'audit',
    title: 'Audit log',
    name: 'audit',
    aliases: ['audit-log'],
    ...lazyScreen(() => import('./AuditScreen.js').then((m) => m.AuditScreen)),
  },
  {
    id: 'ctx',
    title: 'Contexts',
    name: 'ctx',
    aliases: ['contexts', 'context'],
    // `:ctx staging` switches the console to that saved context in place.
    argument: {param: 'switchTo', label: 'switch to context'},
    ...lazyScreen(() => import('./ContextsScreen.js').then((m) => m.ContextsScreen)),
  },
  // The generic resource view: one entry per object type of resources/types.ts, `:` names from the same table.
  ...RESOURCE_TYPES.map(
    (t): ScreenDef => ({
      id: `res:${t.id}`,
      title: t.title,
      name: t.names[0]!,
      aliases: t.names.slice(1),
      keyScope: 'resource',
      ...(t.scope === 'deployment' && {needs: ['deploymentId']}),
      ...lazyScreen(() => import('./resources/ResourceScreen.js').then((m) => m.resourceScreen(t.id))),
    }),
  ),
];
