// The GitHub integration, simulated: the tenant has one app installation with a few repositories and branches,
// so listing and connecting behave as they would against GitHub. Connecting a repository turns a deployment
// into a git deployment on the chosen branch and triggers its first build from it.
import {gitRefNameProblem, printableName} from '../../../contract/names.js';
import {createRoute} from '@hono/zod-openapi';
import {CursorQuery, DeploymentIdParam, type PageInfo} from '../../../contract/common.js';
import {Deployment} from '../../../contract/deployments.js';
import {
  BranchesQuery,
  ConnectGitHubRequest,
  GitHubBranchesResponse,
  GitHubConnectStatusResponse,
  GitHubInstallationsResponse,
  GitHubReposResponse,
  InstallationIdParam,
  RepoParams,
} from '../../../contract/github.js';
import type {RouteGroup} from '../../appTypes.js';
import {badRequest, notFound} from '../../errors.js';
import {cursorPage} from '../cursor.js';
import {updateDeployment} from '../../store/deployments.js';
import {toDeployment} from './views.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const INSTALLATION = {id: '1001', installationId: '4242', login: 'acme-analytics', avatarUrl: 'https://avatars.githubusercontent.com/u/1001'};
const REPOSITORIES: Record<string, {id: number; branches: string[]}> = {
  'analytics-model': {id: 501, branches: ['main', 'staging', 'feature/revenue-cube']},
  'dbt-project': {id: 502, branches: ['main', 'develop']},
  'cube-demo': {id: 503, branches: ['master']},
};

const list = <T>(page: {items: T[]; pageInfo: PageInfo}) => ({...page, data: page.items});

function installationOr404(id: string) {
  if (id !== INSTALLATION.installationId) throw notFound(`GitHub installation ${id} not found (see GET /api/v1/github/installations)`);
  return INSTALLATION;
}

function repoOr404(owner: string, repo: string) {
  const found = owner === INSTALLATION.login ? REPOSITORIES[repo] : undefined;
  if (!found) throw notFound(`repository ${owner}/${repo} not found in installation ${INSTALLATION.installationId}`);
  return found;
}

export const register: RouteGroup = (app, ctx) => {
  const tags = ['GitHub'];
  app.openapi(
    createRoute({method: 'get', path: '/api/v1/github/status', operationId: 'status', summary: 'Whether the GitHub app is installed', tags, responses: {200: json(GitHubConnectStatusResponse, 'connection status'), ...errorResponses()}}),
    (c) =>
      c.json(
        {
          connected: true,
          linkUrl: 'https://github.com/apps/svc-local/installations/new',
          settingsUrl: `https://github.com/settings/installations/${INSTALLATION.installationId}`,
        },
        200,
      ),
  );

  app.openapi(
    createRoute({method: 'get', path: '/api/v1/github/installations', operationId: 'installations', summary: 'GitHub app installations', tags, request: {query: CursorQuery}, responses: {200: json(GitHubInstallationsResponse, 'installations'), ...errorResponses(400)}}),
    (c) => c.json(list(cursorPage([INSTALLATION], c.req.valid('query'))), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/github/installations/{installationId}/repositories',
      operationId: 'repositories',
      summary: 'Repositories an installation can access',
      tags,
      request: {params: InstallationIdParam, query: CursorQuery},
      responses: {200: json(GitHubReposResponse, 'repositories'), ...errorResponses(400, 404)},
    }),
    (c) => {
      const inst = installationOr404(c.req.valid('param').installationId);
      const repos = Object.entries(REPOSITORIES).map(([name, r]) => ({id: r.id, name, htmlUrl: `https://github.com/${inst.login}/${name}`}));
      return c.json(list(cursorPage(repos, c.req.valid('query'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/github/repositories/{owner}/{repo}/branches',
      operationId: 'branches',
      summary: 'Branches of a repository',
      tags,
      request: {params: RepoParams, query: BranchesQuery},
      responses: {200: json(GitHubBranchesResponse, 'branches'), ...errorResponses(400, 404)},
    }),
    (c) => {
      const {owner, repo} = c.req.valid('param');
      installationOr404(c.req.valid('query').installationId);
      const branches = repoOr404(owner, repo).branches.map((name, i) => ({name, isDefault: i === 0}));
      return c.json(list(cursorPage(branches, c.req.valid('query'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/build/api/v1/deployments/{deploymentId}/github/connect',
      operationId: 'connect',
      summary: 'Connect a repository of an installation to the deployment and build its branch',
      tags: ['GitHub Connection'],
      request: {params: DeploymentIdParam, body: jsonBody(ConnectGitHubRequest)},
      responses: {200: json(Deployment, 'the deployment, now git-backed'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const d = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json');
      if (String(body.installationId) !== INSTALLATION.installationId) throw badRequest(`installationId: no installation ${body.installationId}`);
      const name = body.name.includes('/') ? body.name.slice(body.name.indexOf('/') + 1) : body.name;
      const repo = body.isNewRepo ? undefined : REPOSITORIES[name];
      if (!body.isNewRepo && !repo) throw badRequest(`name: installation ${INSTALLATION.installationId} has no repository ${body.name}`);
      const branch = body.deployBranchName ?? repo?.branches[0] ?? 'main';
      const problem = gitRefNameProblem(branch);
      if (problem) throw badRequest(`deployBranchName: "${printableName(branch)}" is not a valid branch name: it ${problem}`);
      if (repo && !repo.branches.includes(branch)) throw badRequest(`deployBranchName: repository ${name} has no branch ${branch}`);
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        updateDeployment(
          ctx.db,
          d.id,
          {deploy_mode: 'git', deploy_branch_name: branch, creation_step: 'databases', ...(body.deployProjectRoot != null ? {deploy_project_root: body.deployProjectRoot} : {})},
          now,
        );
        // creation_method is not a column routes may patch generally; connecting a repository is what sets it.
        ctx.db.prepare("UPDATE deployments SET creation_method = 'github' WHERE id = ?").run(d.id);
        ctx.builds.trigger(d.id, branch, `GitHub repository ${INSTALLATION.login}/${name} connected`);
      })();
      return c.json(toDeployment(ctx, loadDeployment(ctx, d.id)), 200);
    },
  );
};
