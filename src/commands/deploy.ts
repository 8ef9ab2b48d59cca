// `svc deploy <deployment> [--directory .] [-m MSG] [--branch B] [--keep-missing]`:
// uploads only the files whose SHA-1 differs from the branch's, prunes remote files deleted locally unless
// --keep-missing, and triggers one build. Progress goes to stderr; the summary (or --json document) to stdout.
import type {Command} from '@commander-js/extra-typings';
import {fileHashes} from '../api/dataModel.js';
import {finishUpload, startUpload, uploadFile, type UploadTransaction} from '../api/uploads.js';
import {deploy, type DeployPorts} from '../workflows/deploy.js';
import {printJson, progress, success, UserError} from './output.js';
import {connect, deploymentArgument} from './session.js';

export function register(program: Command): void {
  program
    .command('deploy')
    .description('upload a local data-model directory: changed files only, remote files deleted locally are removed, one build')
    .addArgument(deploymentArgument())
    .option('--directory <dir>', 'project directory to deploy', '.')
    .option('-m, --message <text>', 'commit message for the new revision')
    .option('--branch <name>', 'target branch (default: your active dev-mode branch, else the deploy branch)')
    .option('--keep-missing', 'keep remote files that are missing locally')
    .action(async (deployment, flags, cmd) => {
      const {api, json} = connect(cmd);
      const ports: DeployPorts<UploadTransaction> = {
        fileHashes: (branch) => fileHashes(api, deployment, branch),
        startUpload: (branch) => startUpload(api, deployment, branch),
        uploadFile: (tx, file) => uploadFile(api, deployment, tx, file),
        finishUpload: (tx, files, o) => finishUpload(api, deployment, {transaction: tx, files, ...o}),
      };
      const result = await deploy(ports, {
        deploymentId: deployment,
        directory: flags.directory,
        keepMissing: flags.keepMissing === true,
        onProgress: progress,
        ...(flags.branch === undefined ? {} : {branchName: flags.branch}),
        ...(flags.message === undefined ? {} : {message: flags.message}),
      }).catch((err: unknown) => {
        // The directory checks are the user's to fix, not a crash.
        if (err instanceof Error && /is not a directory$|^no deployable files found in /.test(err.message)) throw new UserError(err.message);
        throw err;
      });
      if (json) return printJson(result.raw);
      success(`Deployed ${result.total} file(s) (${result.uploaded.length} uploaded). Check progress with \`svc deployments build-status ${deployment}\``);
    });
}
