// `svc data-model list|get|put|delete|rename|file-hashes`: the source files of a branch. Writes land only on
// personal dev-… branches; without --branch (or with a blank one) they target the caller's dev-mode session.
import {readFile} from 'node:fs/promises';
import type {Command} from '@commander-js/extra-typings';
import {deleteFiles, fileHashes, flattenTree, listFiles, putFiles, renameFiles} from '../api/dataModel.js';
import {EXIT_USAGE, printJson, success, UserError, say, sayErr} from './output.js';
import {connect, deploymentArgument, pageQuery, positiveInt, readStdin} from './session.js';

const BRANCH_HELP = 'branch (default: your active dev-mode branch, else the deploy branch)';
const WRITE_BRANCH_HELP = 'personal dev-… branch to write to (default, also when blank: your active dev-mode branch)';
const relative = (path: string) => path.replace(/^\/+/, '');

async function contentOf(flags: {file?: string; content?: string}): Promise<string> {
  if (flags.file !== undefined && flags.content !== undefined) throw new UserError('pass either --file or --content, not both', EXIT_USAGE);
  if (flags.file !== undefined) {
    try {
      return await readFile(flags.file, 'utf8');
    } catch (err) {
      throw new UserError(`cannot read --file ${flags.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  if (flags.content === '-') return readStdin();
  if (flags.content !== undefined) return flags.content;
  throw new UserError('provide --file <path> or --content <text>', EXIT_USAGE);
}

export function registerFileCommands(group: Command): void {
  group
    .command('list')
    .alias('ls')
    .description('list the files of a branch (one path per line; --content or --json prints the tree as JSON)')
    .addArgument(deploymentArgument())
    .option('--content', 'include file contents (prints JSON)')
    .option('--branch <name>', BRANCH_HELP)
    .option('--first <n>', 'page size (cursor paging)', positiveInt('--first'))
    .option('--after <cursor>', "continue after this cursor (the previous answer's pageInfo.endCursor)")
    .action(async (deployment, flags, cmd) => {
      const {api, json} = connect(cmd);
      const {nodes, raw} = await listFiles(api, deployment, {branchName: flags.branch, withContent: flags.content === true, ...pageQuery(flags)});
      if (json || flags.content === true) return printJson(raw);
      const lines = flattenTree(nodes).map((n) => `${relative(n.path)}${n.type === 'directory' ? '/' : ''}`);
      if (lines.length === 0) sayErr('No results\n');
      else say(`${lines.join('\n')}\n`);
    });

  group
    .command('get')
    .description('print one file of a branch, as stored')
    .addArgument(deploymentArgument())
    .argument('<path>', 'file path, e.g. model/cubes/orders.yml')
    .option('--branch <name>', BRANCH_HELP)
    .action(async (deployment, path, flags, cmd) => {
      const {api} = connect(cmd);
      const {nodes} = await listFiles(api, deployment, {branchName: flags.branch, withContent: true});
      const file = flattenTree(nodes).find((n) => n.type === 'file' && relative(n.path) === relative(path));
      if (!file) throw new UserError(`file not found: ${path}`);
      // The content as stored when it goes to a file or pipe; made inert when it would reach a terminal.
      if (process.stdout.isTTY) say(file.content ?? '');
      else process.stdout.write(file.content ?? '');
    });

  group
    .command('put')
    .description('create or overwrite a file on your dev-… branch')
    .addArgument(deploymentArgument())
    .argument('<path>', 'file path, e.g. model/cubes/orders.yml')
    .option('--file <file>', 'read the content from this local file')
    .option('--content <text>', 'the content itself, or - to read it from stdin')
    .option('--branch <name>', WRITE_BRANCH_HELP)
    .action(async (deployment, path, flags, cmd) => {
      const content = await contentOf(flags);
      const {api} = connect(cmd);
      await putFiles(api, deployment, [{path: relative(path), content}], {branchName: flags.branch});
      success(`Wrote ${relative(path)}`);
    });

  group
    .command('delete')
    .alias('rm')
    .description('delete files from your dev-… branch')
    .addArgument(deploymentArgument())
    .argument('<paths...>', 'file paths')
    .option('--branch <name>', WRITE_BRANCH_HELP)
    .action(async (deployment, paths, flags, cmd) => {
      const {api} = connect(cmd);
      await deleteFiles(api, deployment, {paths: paths.map(relative), branchName: flags.branch});
      success(`Deleted ${paths.length} file(s)`);
    });

  group
    .command('rename')
    .description('rename a file on your dev-… branch')
    .addArgument(deploymentArgument())
    .argument('<from>', 'current path')
    .argument('<to>', 'new path')
    .option('--branch <name>', WRITE_BRANCH_HELP)
    .action(async (deployment, from, to, flags, cmd) => {
      const {api} = connect(cmd);
      await renameFiles(api, deployment, {renames: [{from: relative(from), to: relative(to)}], branchName: flags.branch});
      success(`Renamed ${relative(from)} -> ${relative(to)}`);
    });

  group
    .command('file-hashes')
    .description('print the SHA-1 of every file of a branch as JSON ({path: {hash}})')
    .addArgument(deploymentArgument())
    .option('--branch <name>', BRANCH_HELP)
    .action(async (deployment, flags, cmd) => {
      const {api} = connect(cmd);
      const hashes = await fileHashes(api, deployment, flags.branch);
      printJson(Object.fromEntries([...hashes].map(([path, hash]) => [path, {hash}])));
    });
}
