// Keys and truth (issue 22 §3): the console offers only what the credential may do. Each binding that needs a
// permission says which (keymap.ts `permission`, the same the service publishes per operation as
// `x-svc-permission`); users/me says what the credential holds. A key not offered is not in the footer or help,
// and pressed it says why (so does a dangerous key under --readonly); the dev-mode hint never offers one.
import {describe, expect, it} from 'vitest';
import {createApiKey} from '../../src/api/account.js';
import {KEYMAP, withheld} from '../../src/ui/keymap.js';
import {instrument, keysSettled, renderApp, startDemo} from '../helpers/screenApp.js';
import {testApp} from '../helpers/startService.js';

/** The operation each permission-carrying key runs (what the service checks). */
const OPERATION: Record<string, string> = {
  'deployments.create': 'createDeployment', 'deployments.delete': 'deleteDeployment', 'versions.switch': 'updateDeployment',
  'versions.latest': 'updateDeployment', 'branches.create': 'createBranch', 'branches.delete': 'removeBranch',
  'branches.staging': 'setBranchStagingEnvironment', 'branches.merge': 'mergeToDefaultBranch', 'dbt.sync': 'startDbtSync',
  'dbtRun.cancel': 'cancelDbtSync', 'gate.start': 'startDbtSync', 'gate.cleanup': 'removeBranch', 'dev.toggle': 'startDevMode',
  'dev.fresh': 'startDevMode', 'dev.edit': 'updateFiles', 'dev.commit': 'commitChanges', 'dev.new': 'updateFiles',
  'dev.merge': 'mergeToDefaultBranch', 'dev.discard': 'updateFiles', 'dev.delete': 'removeFiles', 'dev.rename': 'renameFiles',
  'variables.set': 'setEnvVariables', 'variables.edit': 'setEnvVariables', 'variables.unset': 'setEnvVariables',
  'files.dev': 'startDevMode', 'file.dev': 'startDevMode', 'audit.export': 'exportAuditLogs',
};

const DEPLOYMENT = {deploymentId: '4', deploymentName: 'sandbox-01'};

/** A client on a new key of the demo's admin that holds only read permissions. */
async function readOnlyKey() {
  const demo = await startDemo();
  const {key} = await createApiKey(demo.api, {name: 'reader', permissions: ['DeploymentRead', 'SchemaRead']});
  return {...demo, reader: demo.api.derive({token: key})};
}

const footerOf = (frame: string) => frame.split('\n').find((l) => l.includes('q quit')) ?? '';

describe('the permission a key needs', () => {
  it('is the one the service publishes for the operation the key runs', async () => {
    const t = testApp();
    const spec = (await t.call('/api/v1/spec')).body as {paths: Record<string, Record<string, {operationId?: string; 'x-svc-permission'?: {permission?: string}}>>};
    const published = new Map<string, string | undefined>();
    for (const ops of Object.values(spec.paths)) for (const op of Object.values(ops)) if (op.operationId) published.set(op.operationId, op['x-svc-permission']?.permission);
    const declared = KEYMAP.filter((b) => b.permission !== undefined);
    expect(declared.map((b) => b.id).sort()).toEqual(Object.keys(OPERATION).sort());
    for (const b of declared) expect([b.id, b.permission]).toEqual([b.id, published.get(OPERATION[b.id]!)]);
  });

  it('is offered when the service does not say what the credential holds', () => {
    for (const b of KEYMAP) expect(withheld(b, {readonly: false})).toBeUndefined();
    const commit = KEYMAP.find((b) => b.id === 'dev.commit')!;
    expect(withheld(commit, {readonly: false, permissions: null})).toBeUndefined();
    expect(withheld(commit, {readonly: false, permissions: ['SchemaRead']})).toBe('this credential lacks SchemaUpdate');
    expect(withheld(commit, {readonly: true})).toBe('read-only session');
  });
});

describe('a read-only API key', () => {
  it('is not offered writes: the footer and help leave them out, pressed they say why and send nothing', async () => {
    const {reader} = await readOnlyKey();
    const spy = instrument(reader);
    const tui = renderApp(spy.api, {screen: 'deployments'}, {columns: 160});
    let frame = await tui.waitForFrame(/analytics-prod[\s\S]*q quit/);
    await tui.waitForFrame((f) => !/c new deployment|D delete deployment/.test(footerOf(f)));
    await tui.press('D');
    frame = await tui.waitForFrame('this credential lacks DeploymentManage: D delete deployment is not available');
    expect(frame).not.toContain('Delete analytics-prod');
    await tui.press('c');
    await tui.waitForFrame('this credential lacks DeploymentManage: c new deployment is not available');
    await tui.press('?');
    frame = await tui.waitForFrame('close help');
    // The screen's own section: from the heading to the next section (Lists).
    const help = frame.slice(frame.search(/^Keys/m), frame.indexOf('\nLists'));
    expect(help).toContain('Deployments');
    expect(help).toContain('versions of the selected deployment');
    expect(help).not.toMatch(/new deployment|delete deployment/);
    await tui.press('escape');
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it('Branches and dev mode offer no write, and the dev-mode hint does not either', async () => {
    const {reader} = await readOnlyKey();
    const spy = instrument(reader);
    const tui = renderApp(spy.api, {screen: 'branches', params: DEPLOYMENT}, {columns: 200, rows: 30});
    let frame = await tui.waitForFrame(/Branches · sandbox-01 \[\d+\][\s\S]*q quit/);
    await tui.waitForFrame((f) => !/n new branch|D delete branch|m merge/.test(footerOf(f)) && footerOf(f).includes('dev mode on this branch'));
    await tui.press('n');
    await tui.waitForFrame('this credential lacks SchemaUpdate: n new branch is not available');
    await tui.press('enter');
    frame = await tui.waitForFrame(/Next: .*/);
    frame = await tui.waitForFrame((f) => /Next: this credential lacks SchemaUpdateDevBranches: dev mode is not available here/.test(f));
    expect(frame).not.toMatch(/Next: .*(Enter or t|n creates)/);
    expect(footerOf(frame)).not.toMatch(/t enter\/leave|e edit|c commit|n new file/);
    await tui.press('t');
    await tui.waitForFrame('this credential lacks SchemaUpdateDevBranches: t enter/leave dev mode is not available');
    await keysSettled(tui);
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });
});

describe('--readonly', () => {
  it('a hidden key says why when pressed', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, {screen: 'deployments'}, {columns: 160, readonly: true});
    await tui.waitForFrame('analytics-prod');
    await tui.press('D');
    await tui.waitForFrame('read-only session: D delete deployment is not available');
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it('the dev-mode hint offers nothing hidden', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const dev = renderApp(spy.api, {screen: 'dev', params: DEPLOYMENT}, {columns: 200, rows: 30, readonly: true});
    const frame = await dev.waitForFrame(/Next: read-only session: dev mode is not available here/);
    expect(frame).not.toMatch(/Next: .*(Enter or t|n creates)/);
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });
});
