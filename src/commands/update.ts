// `svc update [--check]`: compare with the latest release (SVC_UPDATE_URL, or the build's own source) and, without
// --check, install it in place when this copy was installed by install.sh. Without a source it says so.
import type {Command} from '@commander-js/extra-typings';
import {writeUpdateCache} from '../update/background.js';
import {installLayout, installRelease} from '../update/install.js';
import {compareVersions, fetchLatestRelease, NO_RELEASE_SOURCE, updateUrl, type Release} from '../update/release.js';
import {VERSION} from '../version.js';
import {success, say} from './output.js';

async function latest(): Promise<Release> {
  const source = updateUrl();
  if (source === undefined) throw new Error(NO_RELEASE_SOURCE);
  try {
    const release = await fetchLatestRelease(source);
    try {
      writeUpdateCache({checkedAt: Date.now(), latest: release.version});
    } catch {
      // The answer is still good; the cache only spares the background check.
    }
    return release;
  } catch (err) {
    throw new Error(`could not check for updates: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function register(program: Command): void {
  program
    .command('update')
    .description('install the latest release of svc (or only check for one with --check)')
    .option('--check', 'only report whether a newer release exists')
    .action(async (opts) => {
      const release = await latest();
      if (compareVersions(release.version, VERSION) <= 0) {
        success(`svc ${VERSION} is up to date (latest release: ${release.version})`);
        return;
      }
      if (opts.check) {
        say(`A new release of svc is available: ${VERSION} → ${release.version}\nRun \`svc update\` to install it.\n`);
        return;
      }
      const layout = installLayout();
      if (!layout) {
        throw new Error(
          `svc ${release.version} is available, but this copy was not installed by install.sh, so it cannot replace itself — ` +
            'update it the way it was installed (e.g. npm install -g, or re-run install.sh)',
        );
      }
      if (!release.tarballUrl) throw new Error(`release ${release.version} lists no .tgz asset to install`);
      await installRelease(layout, release.version, release.tarballUrl);
      success(`Updated svc ${VERSION} → ${release.version}`);
    });
}
