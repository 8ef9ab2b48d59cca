// `svc validate <deployment> [--branch B | --dev-mode] [--json]`: compiles the branch's data model on the
// service (without either flag: your open dev-mode session's branch, else the deploy branch). Exit 1 when it does not compile (also under --json); every error names the file it was found in.
import type {Command} from '@commander-js/extra-typings';
import {activeSessionBranch} from '../api/builds.js';
import {validateModel} from '../api/dataModel.js';
import {EXIT_USAGE, printJson, progress, success, UserError} from './output.js';
import {connect, deploymentArgument} from './session.js';

export function register(program: Command): void {
  program
    .command('validate')
    .description('compile the data model of a branch and report its errors (exit 1 when it does not compile)')
    .addArgument(deploymentArgument())
    .option('--branch <name>', 'branch to compile (default: your active dev-mode branch, else the deploy branch)')
    .option('--dev-mode', 'compile your active dev-mode branch')
    .action(async (deployment, flags, cmd) => {
      if (flags.branch !== undefined && flags.devMode) throw new UserError('--branch and --dev-mode cannot be used together', EXIT_USAGE);
      const {api, json} = connect(cmd);
      // The operation itself defaults to the deploy branch; with a session open the command targets its branch.
      const devMode = flags.devMode === true || (!flags.branch?.trim() && (await activeSessionBranch(api, deployment)) !== undefined);
      const report = await validateModel(api, deployment, {branchName: flags.branch, devMode});
      const branch = report.branchName || flags.branch || 'the deploy branch';
      if (json) {
        printJson({valid: report.valid, errors: report.errors, cubesCount: report.cubesCount ?? null, mode: report.mode, branchName: report.branchName});
      } else if (report.valid) {
        success(`Data model on ${branch} is valid (${report.cubesCount ?? 0} cubes)`);
      } else {
        progress(`✗ Data model on ${branch} failed to compile:`);
        for (const e of report.errors) progress(`  ${e.fileName ? `${e.fileName}: ` : ''}${e.message}`);
      }
      if (!report.valid) throw new UserError(`data model on ${branch} has ${report.errors.length} compilation error(s)`);
    });
}
