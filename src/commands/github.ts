// `svc github|gh status|installations|repos|branches|connect`: the GitHub app installation and connecting a
// repository branch to a deployment; and the deployments group's creation-step commands.
import {Argument, type Command} from '@commander-js/extra-typings';
import {advanceCreationStep, resetCreationStep} from '../api/creationStep.js';
import {connectGithub, getGithubStatus, listInstallations, listRepoBranches, listRepositories} from '../api/github.js';
import {EXIT_USAGE, UserError, printJson, printTable} from './output.js';
import {connect, deploymentArgument, numericId, positiveInt} from './session.js';

const installation = numericId('installation id');

function ownerRepo(value: string): {owner: string; name: string} {
  const m = /^([^/\s]+)\/([^/\s]+)$/.exec(value.trim());
  if (!m) throw new UserError(`repository must be OWNER/REPO (got \`${value}\`)`, EXIT_USAGE);
  return {owner: m[1]!, name: m[2]!};
}

const FIRST = ['--first <n>', 'page size'] as const;
const AFTER = ['--after <cursor>', 'continue after this pageInfo.endCursor'] as const;

export function register(program: Command): void {
  const gh = program.command('github').alias('gh').description('the GitHub app installation: repositories, branches, connecting a deployment');

  gh.command('status')
    .description('whether the GitHub app is installed, as JSON')
    .action(async (_opts, cmd) => printJson(await getGithubStatus(connect(cmd).api)));

  gh.command('installations')
    .alias('ls')
    .description('list the GitHub app installations')
    .option(...FIRST, positiveInt('--first'))
    .option(...AFTER)
    .action(async (opts, cmd) => {
      const {api, json} = connect(cmd);
      const {installations, raw} = await listInstallations(api, opts);
      if (json) return printJson(raw);
      printTable(['INSTALLATION', 'ACCOUNT'], installations.map((i) => [i.installationId, i.login]));
    });

  gh.command('repos')
    .alias('repositories')
    .description('list the repositories an installation can access')
    .argument('<installation>', 'installation id', installation)
    .option(...FIRST, positiveInt('--first'))
    .option(...AFTER)
    .action(async (inst, opts, cmd) => {
      const {api, json} = connect(cmd);
      const {repos, raw} = await listRepositories(api, inst, opts);
      if (json) return printJson(raw);
      printTable(['NAME', 'URL'], repos.map((r) => [r.name, r.htmlUrl]));
    });

  gh.command('branches')
    .description('list the branches of a repository')
    .argument('<repository>', 'OWNER/REPO')
    .requiredOption('--installation <id>', 'installation id (see `svc github installations`)', installation)
    .option(...FIRST, positiveInt('--first'))
    .option(...AFTER)
    .action(async (repo, opts, cmd) => {
      const target = ownerRepo(repo);
      const {api, json} = connect(cmd);
      const {branches, raw} = await listRepoBranches(api, target, opts.installation, {first: opts.first, after: opts.after});
      if (json) return printJson(raw);
      printTable(['BRANCH', 'DEFAULT'], branches.map((b) => [b.name, b.isDefault ? 'yes' : '']));
    });

  gh.command('connect')
    .description('connect a repository branch to a deployment; it then builds from that branch')
    .addArgument(deploymentArgument())
    .requiredOption('--installation <id>', 'installation id', installation)
    .requiredOption('--repo <name>', 'repository name (or OWNER/REPO)')
    .option('--branch <branch>', 'branch to deploy from (default: the repository default branch)')
    .action(async (deployment, opts, cmd) => {
      if (opts.repo.trim() === '') throw new UserError('--repo must not be empty', EXIT_USAGE);
      if (opts.branch !== undefined && opts.branch.trim() === '') throw new UserError('--branch must not be empty', EXIT_USAGE);
      const {api} = connect(cmd);
      const body = {installationId: Number(opts.installation), name: opts.repo.trim(), ...(opts.branch !== undefined ? {deployBranchName: opts.branch.trim()} : {})};
      printJson(await connectGithub(api, deployment, body));
    });
}

const CREATION_STEPS = ['project', 'upload', 'schema', 'github', 'ssh', 'databases', 'ready', 'demo'] as const;

/** `deployments advance-step D STEP` and `reset-step D`: the creation wizard's position, e.g. after `github connect`. */
export function registerCreationSteps(deployments: Command): void {
  deployments
    .command('advance-step')
    .description(`move a deployment to a creation step (${CREATION_STEPS.join(', ')}) and print it`)
    .addArgument(deploymentArgument())
    .addArgument(new Argument('<step>', 'creation step').choices(CREATION_STEPS))
    .action(async (deployment, step, _opts, cmd) => {
      printJson(await advanceCreationStep(connect(cmd).api, deployment, step));
    });
  deployments
    .command('reset-step')
    .description('send a deployment back to the first creation step and print it')
    .addArgument(deploymentArgument())
    .action(async (deployment, _opts, cmd) => printJson(await resetCreationStep(connect(cmd).api, deployment)));
}
