// First-start content of a data file. `empty`: the tenant and its admin. `demo`: plus three featured
// deployments (all environment types, versions on both channels, one held on an older version) and enough
// sandbox deployments that paging shows. Keys are created here and their values returned exactly once.
import type {Permission} from '../contract/index.js';
import type {ServiceContext} from './context.js';
import {seedDbtHistory} from './engines/dbt/seedHistory.js';
import {provisionDeployment} from './provision.js';
import {generateApiKey, insertApiKey} from './store/apiKeys.js';
import {insertEnvironment} from './store/environments.js';
import {findBranch} from './store/branches.js';
import {createBranch, ensureBranches, filesOf, STARTER_SHARED_BRANCH} from './store/branchTrees.js';
import {findDeployment, updateDeployment} from './store/deployments.js';
import {recordVersionUse, RELEASE_CATALOG} from './store/versions.js';
import {findAdmin, getTenant, insertUser, setTenant} from './store/users.js';
import {setAuditLogEnabled} from './store/audit.js';

export type SeedName = 'demo' | 'empty';

export const DEMO_TENANT = {name: 'Acme Analytics', host: 'acme.svc.localhost'};
export const ADMIN_EMAIL = 'admin@acme.example';
export const DEMO_DEPLOYMENT_COUNT = 45;
const SCOPED_KEY_PERMISSIONS: Permission[] = ['DeploymentRead', 'SchemaRead'];
const DAY = 86_400_000;
/** The admin's seeded dev-mode branch on each featured deployment. */
export const SEEDED_DEV_BRANCH = 'dev-admin-5f3a9c1e';

export interface SeedResult {
  adminUserId: number;
  /** Key values, only when this call created them. */
  adminKey?: string;
  scopedKey?: string;
}

/** True when the data file has never been seeded. */
export function needsSeed(ctx: ServiceContext): boolean {
  return getTenant(ctx.db) === undefined;
}

/** Seeds a fresh data file; `adminKey` (already validated) replaces the generated admin key. */
export function seed(ctx: ServiceContext, name: SeedName, adminKey?: string): SeedResult {
  const now = ctx.clock.now();
  return ctx.db.transaction(() => {
    setTenant(ctx.db, DEMO_TENANT);
    const adminUserId = insertUser(ctx.db, {email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Admin', isAdmin: true, now});
    if (name === 'demo') {
      // The demo tenant is on the top plan; an empty tenant is not, so its audit export answers 403.
      setAuditLogEnabled(ctx.db, true);
      const featured = seedDeployments(ctx, now);
      seedDbtHistory(ctx, featured[0]!, now);
      seedDevEnvironments(ctx, featured, adminUserId);
      seedStagingBuilds(ctx, featured);
    }
    return {adminUserId, ...issueSeedKeys(ctx, name, adminKey)};
  })();
}

/**
 * The keys a seed hands out: the admin's (generated unless given) and, for the demo, a read-only key scoped to the
 * first featured deployment. Also issued afresh for a data file copied from a demo image, which holds no keys.
 */
export function issueSeedKeys(ctx: ServiceContext, name: SeedName, adminKey?: string): Pick<SeedResult, 'adminKey' | 'scopedKey'> {
  const now = ctx.clock.now();
  const adminUserId = findAdmin(ctx.db)!.id;
  const key = adminKey ?? generateApiKey();
  insertApiKey(ctx.db, {key, name: 'admin', userId: adminUserId, deploymentIds: null, permissions: null, now});
  const result: Pick<SeedResult, 'adminKey' | 'scopedKey'> = {adminKey: adminKey ? undefined : key};
  if (name === 'demo') {
    const first = ctx.db.prepare('SELECT id FROM deployments WHERE name = ?').pluck().get(FEATURED[0]!.name) as number;
    const scopedKey = generateApiKey();
    insertApiKey(ctx.db, {key: scopedKey, name: 'demo read-only', userId: adminUserId, deploymentIds: [first], permissions: SCOPED_KEY_PERMISSIONS, now});
    result.scopedKey = scopedKey;
  }
  return result;
}

interface Featured {
  name: string;
  region: string;
  channel: 'latest' | 'release';
  version: string;
  history: string[];
}

const release = RELEASE_CATALOG.release;
const latest = RELEASE_CATALOG.latest;
const FEATURED: Featured[] = [
  {name: 'analytics-prod', region: 'aws-us-east-1', channel: 'latest', version: latest.at(-1)!, history: latest.slice(-3, -1)},
  // Held on an older release: the versions list shows a newer head that is not current.
  {name: 'marketing-dashboards', region: 'aws-eu-central-1', channel: 'release', version: release.at(-2)!, history: release.slice(-3, -2)},
  {name: 'finance-reporting', region: 'gcp-us-central1', channel: 'release', version: release.at(-1)!, history: []},
];

function seedDeployments(ctx: ServiceContext, now: number): number[] {
  const featured: number[] = [];
  FEATURED.forEach((f, i) => {
    const created = now - (60 - i) * DAY;
    const row = provisionDeployment(
      ctx,
      {name: f.name, region: f.region, cloudProvider: 'cubecloud', isManaged: true, targetPlatform: 'aws', creationStep: 'ready', deployMode: 'cli'},
      {now: created, release: {channel: f.channel, version: f.version}, alreadyBuilt: true},
    );
    featured.push(row.id);
    for (const v of f.history) recordVersionUse(ctx.db, row.id, {channel: f.channel, version: v}, created);
    if (f.version !== RELEASE_CATALOG[f.channel].at(-1)) updateDeployment(ctx.db, row.id, {release_channel_version_hold: 1}, created);
    insertEnvironment(ctx.db, {deploymentId: row.id, name: 'staging', type: 'staging', branch: 'staging', userEmail: null, now: created});
  });
  for (let n = 1; n <= DEMO_DEPLOYMENT_COUNT - FEATURED.length; n++) {
    provisionDeployment(
      ctx,
      {name: `sandbox-${String(n).padStart(2, '0')}`, region: 'cubecloud-local', cloudProvider: 'cubecloud', isManaged: true, targetPlatform: 'aws', creationStep: 'ready'},
      {now: now - (45 - n) * DAY / 2, alreadyBuilt: true},
    );
  }
  return featured;
}

/**
 * An enabled staging environment stays active, so it has been built: each seeded staging branch gets the
 * finished build enabling it would have started, when its deployment was created (else its queries and metadata
 * would answer "Continue wait" forever).
 */
function seedStagingBuilds(ctx: ServiceContext, deploymentIds: number[]): void {
  for (const id of deploymentIds) {
    const row = findDeployment(ctx.db, id)!;
    ensureBranches(ctx.db, ctx.clock, row);
    const names = ctx.db.prepare("SELECT branch FROM environments WHERE deployment_id = ? AND type = 'staging' AND branch IS NOT NULL").pluck().all(id) as string[];
    for (const name of names) {
      const branch = findBranch(ctx.db, id, name)!;
      ctx.builds.recordFinished(id, name, 'staging environment enabled', {finishedAt: row.created_at, lastHash: branch.last_hash, filesHash: branch.last_hash});
    }
  }
}

/**
 * The admin's development environment on each featured deployment points at a real dev-mode branch of theirs,
 * built, as entering dev mode leaves it: forked from the newest dbt sync branch where the deployment has one (a
 * generated model is checked on a personal dev branch), else from the shared staging branch.
 */
function seedDevEnvironments(ctx: ServiceContext, deploymentIds: number[], adminUserId: number): void {
  for (const id of deploymentIds) {
    const row = findDeployment(ctx.db, id)!;
    ensureBranches(ctx.db, ctx.clock, row);
    const synced = ctx.db.prepare("SELECT name FROM branches WHERE deployment_id = ? AND kind = 'shared' AND name LIKE 'dbt-sync/%' ORDER BY updated_at DESC, id DESC LIMIT 1").pluck().get(id) as string | undefined;
    const parent = findBranch(ctx.db, id, synced ?? STARTER_SHARED_BRANCH)!;
    const dev = createBranch(ctx.db, ctx.clock, {
      deploymentId: id, name: SEEDED_DEV_BRANCH, kind: 'dev', parent, ownerUserId: adminUserId, files: filesOf(ctx.db, parent), message: `dev mode from ${parent.name}`,
    });
    ctx.builds.recordFinished(id, dev.name, 'dev mode entered', {finishedAt: row.created_at, lastHash: dev.last_hash});
    insertEnvironment(ctx.db, {deploymentId: id, name: 'dev-admin', type: 'development', branch: dev.name, userEmail: ADMIN_EMAIL, now: row.created_at});
  }
}
