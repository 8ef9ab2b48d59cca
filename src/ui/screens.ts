// Screen registry: id → component, with the names the `:` palette offers. The SCREENS engineer fills
// SCREENS (components live in /screens, loaded lazily so the shell paints before every screen is parsed).
import {lazy, type ComponentType} from 'react';
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
}

const deploymentCrumb = (p: ScreenParams) => p.deploymentName ?? `deployment ${p.deploymentId ?? ''}`;

export const SCREENS: readonly ScreenDef[] = [
  {
    id: 'deployments',
    title: 'Deployments',
    name: 'deployments',
    aliases: ['dp', 'deploy'],
    component: lazy(() => import('../../screens/DeploymentsScreen.js').then((m) => ({default: m.DeploymentsScreen}))),
  },
  {
    id: 'deployment',
    title: 'Deployment',
    name: 'overview',
    aliases: ['deployment', 'ov'],
    needs: ['deploymentId'],
    crumb: deploymentCrumb,
    component: lazy(() => import('../../screens/DeploymentOverviewScreen.js').then((m) => ({default: m.DeploymentOverviewScreen}))),
  },
  {
    id: 'versions',
    title: 'Versions',
    name: 'versions',
    aliases: ['ver', 'version'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/VersionsScreen.js').then((m) => ({default: m.VersionsScreen}))),
  },
  {
    id: 'environments',
    title: 'Environments',
    name: 'envs',
    aliases: ['environments', 'env'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/EnvironmentsScreen.js').then((m) => ({default: m.EnvironmentsScreen}))),
  },
  {
    id: 'build',
    title: 'Build',
    name: 'build',
    aliases: ['builds', 'bs'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/BuildScreen.js').then((m) => ({default: m.BuildScreen}))),
  },
  {
    id: 'dbt',
    title: 'dbt runs',
    name: 'dbt',
    aliases: ['syncs', 'dbt-runs'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/DbtRunsScreen.js').then((m) => ({default: m.DbtRunsScreen}))),
  },
  {
    id: 'dbtRun',
    title: 'dbt run',
    name: 'dbt-run',
    aliases: [],
    needs: ['deploymentId', 'syncJobId'],
    crumb: (p) => `sync ${(p.syncJobId ?? '').slice(0, 8)}`,
    palette: false,
    component: lazy(() => import('../../screens/DbtRunScreen.js').then((m) => ({default: m.DbtRunScreen}))),
  },
  {
    id: 'gate',
    title: 'dbt gate',
    name: 'gate',
    aliases: ['dbt-gate'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/DbtGateScreen.js').then((m) => ({default: m.DbtGateScreen}))),
  },
  {
    id: 'branches',
    title: 'Branches',
    name: 'branches',
    aliases: ['br', 'branch'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/BranchesScreen.js').then((m) => ({default: m.BranchesScreen}))),
  },
  {
    id: 'dev',
    title: 'Dev mode',
    name: 'dev',
    aliases: ['devmode', 'dev-mode'],
    needs: ['deploymentId'],
    crumb: (p) => (p.devFrom ? `dev mode · ${p.devFrom}` : 'dev mode'),
    component: lazy(() => import('../../screens/DevModeScreen.js').then((m) => ({default: m.DevModeScreen}))),
  },
  {
    id: 'logs',
    title: 'Logs',
    name: 'logs',
    aliases: ['log'],
    needs: ['deploymentId'],
    component: lazy(() => import('../../screens/LogsScreen.js').then((m) => ({default: m.LogsScreen}))),
  },
  {
    id: 'audit',
    title: 'Audit log',
    name: 'audit',
    aliases: ['audit-log'],
    component: lazy(() => import('../../screens/AuditScreen.js').then((m) => ({default: m.AuditScreen}))),
  },
  {
    id: 'ctx',
    title: 'Contexts',
    name: 'ctx',
    aliases: ['contexts', 'context'],
    component: lazy(() => import('../../screens/ContextsScreen.js').then((m) => ({default: m.ContextsScreen}))),
  },
];
