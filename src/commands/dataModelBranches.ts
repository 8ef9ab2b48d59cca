// `svc data-model branches|create-branch|delete-branch|enable-branch|disable-branch|dev-mode|exit-dev-mode|
// commit|pull|merge|merge-to-default`. Branch arguments that name what to act on refuse a blank value (rule 4);
// commit, pull and the merges accept a blank --branch and then act on the caller's dev-mode session.
import type {Command} from '@commander-js/extra-typings';
import {
  commit, createBranch, deleteBranch, listBranchesPage, merge, mergeToDefault, pull, setStagingEnvironment, startDevMode, stopDevMode,
  type DataModelBranch,
} from '../api/dataModel.js';
import type {Api} from '../api/client.js';
import {allPages} from '../lib/lists.js';
import {newBranchNameProblem} from '../contract/names.js';
import {shellQuote} from '../workflows/build.js';
import {EXIT_USAGE, printJson, printMore, printTable, progress, success, UserError, say} from './output.js';
import {connect, deploymentArgument, numericId, pageQuery, positiveInt} from './session.js';

/**
 * Rule 4 of the spec: a positional BRANCH names the branch to act on, so a blank one is a usage error (exit 2)
 * instead of a request the service would answer for some other branch. Checked before credentials are read.
 */
export function requireBranch(value: string, deployment: string): string {
  if (value.trim() === '') {
    throw new UserError(`an empty value names no branch — pass the branch name (list them with \`svc data-model branches ${deployment}\`)`, EXIT_USAGE);
  }
  return value;
}

/** A page of branches as the command prints it by default: a deployment can have hundreds (a sync makes one). */
export const BRANCHES_PAGE = 20;
/** `--all` reads pages of this many, and at most BRANCHES_ALL_PAGES of them. */
const BRANCHES_ALL_PAGE = 100;
const BRANCHES_ALL_PAGES = 1_000;

const printBranches = (branches: DataModelBranch[]) =>
  printTable(['NAME', 'PARENT', 'ENABLED'], branches.map((b) => [b.name, b.parentBranch ?? '', String(b.stagingEnabled)]));

/** `branches --all`: every page; --json prints the rows of every page as one list in the API's envelope. */
async function printAllBranches(api: Api, deployment: string, after: string | undefined, json: boolean): Promise<void> {
  const read = await allPages(async (cursor) => {
    const page = await listBranchesPage(api, deployment, {first: BRANCHES_ALL_PAGE, after: cursor});
    return {items: [{rows: page.rows, branches: page.branches}], pageInfo: page.pageInfo};
  }, BRANCHES_ALL_PAGES, after);
  const rows = read.items.flatMap((p) => p.rows);
  const pageInfo = {hasNextPage: !read.complete, endCursor: read.endCursor ?? null};
  if (json) printJson({items: rows, data: rows, pageInfo});
  else printBranches(read.items.flatMap((p) => p.branches));
  if (!read.complete) progress(`stopped after ${BRANCHES_ALL_PAGES} pages: the service kept answering more${read.endCursor ? `; more: --after ${read.endCursor}` : ''}`);
}

const SESSION_BRANCH_HELP = 'branch (default, also when blank: your active dev-mode branch)';

export function registerBranchCommands(group: Command): void {

  group
    .command('branches')
    .description('list branches with their parent and staging state')
    .addArgument(deploymentArgument())
    .option('--first <n>', `page size (cursor paging; default ${BRANCHES_PAGE})`, positiveInt('--first'))
    .option('--after <cursor>', "continue after this cursor (the previous answer's pageInfo.endCursor)")
    .option('--all', `every branch: page after page of ${BRANCHES_ALL_PAGE} (from --after when given)`)
    .action(async (deployment, flags, cmd) => {
      const {api, json} = connect(cmd);
      const query = pageQuery(flags);
      if (flags.all === true) return printAllBranches(api, deployment, query.after, json);
      const {branches, raw} = await listBranchesPage(api, deployment, {first: BRANCHES_PAGE, ...query});
      // --json is the API's document as returned (integer ids, pageInfo), like every other --json.
      if (json) return printJson(raw);
      printBranches(branches);
      printMore(raw, branches.length, {cursor: true, all: true});
    });

  group
    .command('create-branch')
    .description('create a shared branch from the deploy branch')
    .addArgument(deploymentArgument())
    .argument('<name>', 'new branch name')
    .option('--dev-mode', 'point your dev-mode session at the new branch (no fork: writes to it stay refused)')
    .action(async (deployment, name, flags, cmd) => {
      // The service's rule (contract/names.ts), checked before credentials are read: a usage error, exit 2.
      const problem = newBranchNameProblem(name);
      if (problem !== undefined) throw new UserError(`<name>: ${problem}`, EXIT_USAGE);
      const {api} = connect(cmd);
      const branch = name;
      const res = await createBranch(api, deployment, {name: branch, enterDevMode: flags.devMode === true});
      if (!flags.devMode || !res.active) return success(`Created branch ${branch}`);
      const dev = res.branchName ?? branch;
      success(`Created branch ${branch}; entered dev mode on ${dev}`);
      if (dev === branch) {
        progress(`hint: file writes land only on personal dev-… branches — run \`svc data-model dev-mode ${deployment} ${shellQuote(branch)}\` to fork one`);
      }
    });

  group
    .command('delete-branch')
    .description('delete a branch (children are re-parented; sessions on it end)')
    .addArgument(deploymentArgument())
    .argument('<branch>', 'branch to delete')
    .option('--remove-on-upstream', 'also delete its ref on the git provider')
    .action(async (deployment, name, flags, cmd) => {
      const branch = requireBranch(name, deployment);
      const {api} = connect(cmd);
      await deleteBranch(api, deployment, branch, {removeOnUpstream: flags.removeOnUpstream === true});
      success(flags.removeOnUpstream ? `Deleted branch ${branch}, including its ref on the git provider` : `Deleted branch ${branch}`);
    });

  for (const enabled of [true, false]) {
    group
      .command(enabled ? 'enable-branch' : 'disable-branch')
      .description(enabled ? 'keep a shared branch’s staging environment always active' : 'let a shared branch’s staging environment run only while in use')
      .addArgument(deploymentArgument())
      .argument('[branch]', 'shared branch (or --id)')
      .option('--id <branchId>', 'the branch by the id `branches --json` prints', numericId('--id'))
      .action(async (deployment, name, flags, cmd) => {
        if (name === undefined && flags.id === undefined) throw new UserError('pass the branch name or --id <branchId>', EXIT_USAGE);
        const branch = name === undefined ? `#${flags.id}` : requireBranch(name, deployment);
        const {api} = connect(cmd);
        await setStagingEnvironment(api, deployment, {
          ...(name === undefined ? {} : {branchName: name}),
          ...(flags.id === undefined ? {} : {branchId: Number(flags.id)}),
          enabled,
        });
        success(
          enabled
            ? `Enabled branch ${branch}; its staging environment stays active (see \`svc environments list ${deployment} --type staging\`)`
            : `Disabled branch ${branch}; its staging environment runs only while the branch is in use`,
        );
      });
  }

  group
    .command('dev-mode')
    .description('fork a personal dev-… branch from BRANCH and make it your active dev-mode branch')
    .addArgument(deploymentArgument())
    .argument('<branch>', 'branch to fork from')
    .action(async (deployment, name, _flags, cmd) => {
      const branch = requireBranch(name, deployment);
      const {api} = connect(cmd);
      const res = await startDevMode(api, deployment, branch);
      const dev = res.branchName;
      if (dev === undefined || dev === branch) return success(`Entered dev mode on ${branch}`);
      success(`Entered dev mode on ${dev} (forked from ${branch})`);
      say(`Data-model writes target it: pass --branch ${dev} (or omit --branch to use your active dev-mode branch).\n`);
    });

  group
    .command('exit-dev-mode')
    .description('release your dev-mode session')
    .addArgument(deploymentArgument())
    .action(async (deployment, _flags, cmd) => {
      const {api} = connect(cmd);
      await stopDevMode(api, deployment);
      success('Exited dev mode');
    });

  group
    .command('commit')
    .description('push your dev branch’s edits into the branch it was forked from')
    .addArgument(deploymentArgument())
    .option('-m, --message <text>', 'commit message')
    .option('--branch <name>', SESSION_BRANCH_HELP)
    .action(async (deployment, flags, cmd) => {
      const {api} = connect(cmd);
      await commit(api, deployment, {message: flags.message, branchName: flags.branch});
      success('Committed and pushed');
    });

  group
    .command('pull')
    .description('pull a branch from its git remote (rebuilds when it changed)')
    .addArgument(deploymentArgument())
    .option('--branch <name>', SESSION_BRANCH_HELP)
    .action(async (deployment, flags, cmd) => {
      const {api} = connect(cmd);
      await pull(api, deployment, flags.branch);
      success('Pulled');
    });

  group
    .command('merge')
    .description('merge a branch into its parent (prints JSON)')
    .addArgument(deploymentArgument())
    .option('--branch <name>', SESSION_BRANCH_HELP)
    .option('--squash', 'squash the branch’s commits')
    .option('--switch-to-parent', 'point your session at the parent afterwards')
    .option('--delete-branch', 'delete the branch after merging')
    .action(async (deployment, flags, cmd) => {
      const {api} = connect(cmd);
      const res = await merge(api, deployment, {branchName: flags.branch, squashCommits: flags.squash === true, switchToParentBranch: flags.switchToParent === true, deleteBranch: flags.deleteBranch === true});
      printJson(res.raw);
    });

  group
    .command('merge-to-default')
    .description('merge a shared branch into the deploy branch and rebuild production (prints JSON)')
    .addArgument(deploymentArgument())
    .option('--branch <name>', SESSION_BRANCH_HELP)
    .option('-m, --message <text>', 'merge message (default: "Merge <branch> into the default branch")')
    .option('--keep-branch', 'keep the branch after merging (default: delete it)')
    .action(async (deployment, flags, cmd) => {
      const {api} = connect(cmd);
      const res = await mergeToDefault(api, deployment, {branchName: flags.branch, message: flags.message, keepBranch: flags.keepBranch === true});
      printJson(res.raw);
    });
}
