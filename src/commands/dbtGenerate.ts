// `svc dbt generate D --manifest F --out DIR [--check]`: cube files from a dbt manifest written to a directory, or
// (--check) compared with it, exit 1 when they differ. No branch is created: the sync runs with `output: files`.
import type {Api} from '../api/client.js';
import {syncFailureMessage} from '../workflows/dbtWait.js';
import {applyGeneratedFiles, generateFromManifest, type FileState} from '../workflows/dbtGenerate.js';
import {EXIT_USAGE, printJson, progress, success, UserError, say} from './output.js';
import {readManifest, waitTimes} from './dbtSync.js';

export interface GenerateFlags {
  manifest: string;
  out: string;
  check?: true;
  timeout?: string;
  poll?: string;
}

const LABEL: Record<FileState, string> = {written: 'wrote', unchanged: 'same', changed: 'differs', missing: 'missing'};

export async function generate(deployment: string, flags: GenerateFlags, json: boolean, api: () => Api): Promise<void> {
  if (flags.out.trim() === '') throw new UserError('--out: an empty value names no directory', EXIT_USAGE);
  // generate always follows the sync to its end; --timeout and --poll apply without --wait.
  const times = waitTimes({wait: true, ...(flags.timeout && {timeout: flags.timeout}), ...(flags.poll && {poll: flags.poll})});
  const manifest = await readManifest(flags.manifest);
  const client = api();
  const {syncJobId, final, files} = await generateFromManifest(client, deployment, manifest, {
    ...times,
    onProgress: progress,
    onStarted: (id) => progress(`dbt sync ${id} started (manifest → files)`),
  });
  const started = {syncJobId};
  if (final.status !== 'COMPLETED') {
    if (json) printJson({syncJobId: started.syncJobId, status: final.status, error: final.error ?? null, out: flags.out, check: flags.check === true, files: []});
    throw new UserError(syncFailureMessage(deployment, final));
  }
  const states = await applyGeneratedFiles(files, flags.out, flags.check === true);
  const drift = states.filter((s) => s.state === 'changed' || s.state === 'missing');
  if (json) printJson({syncJobId: started.syncJobId, status: final.status, error: null, out: flags.out, check: flags.check === true, files: states});
  else {
    for (const s of states) say(`  ${LABEL[s.state].padEnd(7)} ${s.path}\n`);
    const same = states.length - states.filter((s) => s.state === 'written').length;
    if (flags.check !== true) success(`Wrote ${states.length - same} file(s) to ${flags.out}${same > 0 ? `; ${same} already up to date` : ''}`);
    else if (drift.length === 0) success(`All ${states.length} generated file(s) match ${flags.out}`);
  }
  if (flags.check === true && drift.length > 0) {
    const changed = drift.filter((s) => s.state === 'changed').length;
    const missing = drift.length - changed;
    const parts = [changed > 0 ? `${changed} file(s) differ` : '', missing > 0 ? `${missing} missing` : ''].filter(Boolean).join(', ');
    throw new UserError(`the model in ${flags.out} is not what the manifest generates: ${parts} — run without --check to write them`);
  }
}
