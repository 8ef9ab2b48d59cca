// Screen registry: id → component, with the names the `:` palette offers. The SCREENS engineer fills
// SCREENS (components live in /screens, loaded lazily so the shell paints before every screen is parsed).
import {createElement, lazy, type ComponentType} from 'react';
import type {ScreenParams} from './nav/navReducer.js';

/** What every screen component receives. Size comes from useBodySize(), keys from useKeys('screen', …). */
export interface ScreenProps {
  /** Params of the whole navigation stack, nearest entry winning: {deploymentId, deploymentName, …}. */
  readonly params: ScreenParams;
}

export interface ScreenDef {
  /** Also the keymap scope `screen:<id>` for the screen's own keys. */
  readonly id: string;
  /** Title line fallback and help heading: 'Deployments'. */
  readonly title: string;
  /** Palette name, what Tab completes to: 'deployments'. */
  readonly name: string;
  /** Palette aliases: ['dp']. */
  readonly aliases: readonly string[];
  /** Params the screen cannot work without (from the stack); the palette refuses the jump when one is missing. */
  readonly needs?: readonly string[];
  /** Crumb text for an entry of this screen. @default title */
  readonly crumb?: (params: ScreenParams) => string;
  /** Listed in the palette. @default true */
  readonly palette?: boolean;
  readonly component: ComponentType<ScreenProps>;
  /** Loads the component ahead of its first render (lazily loaded screens). */
  readonly preload?: () => Promise<void>;
}

/**
 * A screen whose module loads on first use. Once loaded it renders directly, without suspending: React 19 holds
 * back the reveal of a Suspense boundary that has shown its fallback (up to 300 ms), which made the first screen
 * of `svc ui` appear a quarter of a second after its rows had arrived. `preload` loads the module ahead of time.
 */
function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>): Pick<ScreenDef, 'component' | 'preload'> {
  let loaded: ComponentType<ScreenProps> | undefined;
  let pending: Promise<ComponentType<ScreenProps>> | undefined;
  const get = () => (pending ??= load().then((c) => (loaded = c)));
  const Lazy = lazy(async () => ({default: await get()}));
  const component = (props: ScreenProps) => createElement(loaded ?? Lazy, props);
  return {component, preload: async () => void (await get())};
}

const deploymentCrumb = (p: ScreenParams) => p.deploymentName ?? `deployment ${p.deploymentId ?? ''}`;

export const SCREENS: readonly ScreenDef[] = [
  {
    id: 'deployments',
    title: 'Deployments',
    name: 'deployments',
    aliases: ['dp', 'deploy'],
    ...lazyScreen(() => import('../../screens/DeploymentsScreen.js').then((m) => m.DeploymentsScreen)),
  },
  {
    id: 'deployment',
    title: 'Deployment',
    name: 'overview',
    aliases: ['deployment', 'ov'],
    needs: ['deploymentId'],
    crumb: deploymentCrumb,
    ...lazyScreen(() => import('../../screens/DeploymentOverviewScreen.js').then((m) => m.DeploymentOverviewScreen)),
  },
  {
    id: 'versions',
    title: 'Versions',
    name: 'versions',
    aliases: ['ver', 'version'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/VersionsScreen.js').then((m) => m.VersionsScreen)),
  },
  {
    id: 'environments',
    title: 'Environments',
    name: 'envs',
    aliases: ['environments', 'env'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/EnvironmentsScreen.js').then((m) => m.EnvironmentsScreen)),
  },
  {
    id: 'build',
    title: 'Build',
    name: 'build',
    aliases: ['builds', 'bs'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/BuildScreen.js').then((m) => m.BuildScreen)),
  },
  {
    id: 'dbt',
    title: 'dbt runs',
    name: 'dbt',
    aliases: ['syncs', 'dbt-runs'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/DbtRunsScreen.js').then((m) => m.DbtRunsScreen)),
  },
  {
    id: 'dbtRun',
    title: 'dbt run',
    name: 'dbt-run',
    aliases: [],
    needs: ['deploymentId', 'syncJobId'],
    crumb: (p) => `sync ${(p.syncJobId ?? '').slice(0, 8)}`,
    palette: false,
    ...lazyScreen(() => import('../../screens/DbtRunScreen.js').then((m) => m.DbtRunScreen)),
  },
  {
    id: 'gate',
    title: 'dbt gate',
    name: 'gate',
    aliases: ['dbt-gate'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/DbtGateScreen.js').then((m) => m.DbtGateScreen)),
  },
  {
    id: 'branches',
    title: 'Branches',
    name: 'branches',
    aliases: ['br', 'branch'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/BranchesScreen.js').then((m) => m.BranchesScreen)),
  },
  {
    id: 'dev',
    title: 'Dev mode',
    name: 'dev',
    aliases: ['devmode', 'dev-mode'],
    needs: ['deploymentId'],
    crumb: (p) => (p.devFrom ? `dev mode · ${p.devFrom}` : 'dev mode'),
    ...lazyScreen(() => import('../../screens/DevModeScreen.js').then((m) => m.DevModeScreen)),
  },
  {
    id: 'logs',
    title: 'Logs',
    name: 'logs',
    aliases: ['log'],
    needs: ['deploymentId'],
    ...lazyScreen(() => import('../../screens/LogsScreen.js').then((m) => m.LogsScreen)),
  },
  {
    id: 'audit',
    title: 'Audit log',
    name: 'audit',
    aliases: ['audit-log'],
    ...lazyScreen(() => import('../../screens/AuditScreen.js').then((m) => m.AuditScreen)),
  },
  {
    id: 'ctx',
    title: 'Contexts',
    name: 'ctx',
    aliases: ['contexts', 'context'],
    ...lazyScreen(() => import('../../screens/ContextsScreen.js').then((m) => m.ContextsScreen)),
  },
];
