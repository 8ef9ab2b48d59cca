import {describe, expect, it} from 'vitest';
import {createApiKey} from '../../src/api/account.js';
import {createObject, getObject, OBJECT_GROUPS} from '../../src/api/objects.js';
import {editorText} from '../../screens/resources/document.js';
import {RESOURCE_TYPES, resourceType, rowLabel} from '../../screens/resources/types.js';
import {SCREENS} from '../../screens/index.js';
import {scriptedEditorPerTest} from '../helpers/scriptedEditor.js';
import {cursorOn, instrument, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const OSC52 = /\x1b\]52;c;([A-Za-z0-9+/=]+)\x07/;

const {nextEdit, seen} = scriptedEditorPerTest('svc-resources-test-');

describe('generic resource view', () => {
  it('has one `:` screen per object group of the command mode, named as the group and titled with its type', () => {
    const names = new Set(SCREENS.flatMap((s) => [s.name, ...s.aliases]));
    for (const g of OBJECT_GROUPS) expect(names, g.command).toContain(g.command);
    for (const n of ['users', 'roles', 'api-keys', 'scim', 'integrations', 'oidc', 'tenant', 'attributes']) expect(names).toContain(n);
    for (const t of RESOURCE_TYPES) expect(SCREENS.find((s) => s.name === t.names[0])?.title).toBe(t.title);
  });

  it("the editor's header names the row once: 'tenant settings', not 'tenant settings settings'; other rows by noun and id", () => {
    const header = (id: string, row: Record<string, unknown>) => editorText(rowLabel(resourceType(id)!, row), {}).split('\n')[0];
    expect(header('tenant', {auditLogEnabled: true})).toBe('# tenant settings: edit, save and quit to send; an empty file cancels.');
    expect(header('folders', {id: 7, name: 'x'})).toMatch(/^# folder 7: edit/);
  });

  it('API keys: a refused template comes back beside its error; the fixed one creates the key, shown once; D deletes it', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, {screen: 'deployments'});
    await tui.waitForFrame('analytics-prod');
    await tui.press(':', 'api-keys');
    await tui.waitForFrame('› api-keys');
    await tui.press('enter');
    const list = await tui.waitForFrame(/API keys \[\d+\]/);
    const before = Number(/API keys \[(\d+)\]/.exec(list)![1]);

    nextEdit('name: ""\n');
    await tui.press('c');
    let frame = await tui.waitForFrame('nothing was sent');
    expect(seen()).toContain('name: my-key');
    expect(frame).toMatch(/name: ""[\s\S]*name: must not be empty|name: must not be empty[\s\S]*name: ""/);
    expect(spy.count(/^POST \/api\/v1\/api-keys/)).toBe(0);

    nextEdit('name: ci-key\n');
    await tui.press('e');
    frame = await tui.waitForFrame('Shown this once');
    expect(seen()).toContain('# ! name: must not be empty');
    expect(spy.count(/^POST \/api\/v1\/api-keys/)).toBe(1);
    const value = /New API key \d+\s*│?\s*\n│?\s*(\S+)/.exec(frame)?.[1] ?? '';
    expect(value.length).toBeGreaterThan(16);
    // The value works: it authenticates against the service.
    const me = await api.derive({token: value}).get('/api/v1/api-keys');
    expect(me).toBeTruthy();
    await tui.press('y');
    await tui.waitForFrame('Copied the key');
    expect(Buffer.from(OSC52.exec(tui.frames.join(''))?.[1] ?? '', 'base64').toString()).toBe(value);

    await tui.press('escape');
    frame = await tui.waitForFrame(`API keys [${before + 1}]`);
    expect(frame).toContain('ci-key');
    expect(frame).not.toContain(value);
    await tui.press('G');
    await tui.waitForFrame(/› \d+\s+ci-key/);
    await tui.press('D');
    frame = await tui.waitForFrame(/Delete API key \d+ "ci-key"\?/);
    expect(frame).not.toContain('signed in with');
    await tui.press('y');
    frame = await tui.waitForFrame(`API keys [${before}]`);
    expect(frame).toMatch(/Deleted API key \d+ "ci-key"/);
    expect(frame).not.toMatch(/\d+\s+ci-key\s+svc_/);
  });

  it('API keys: deleting the key this console is signed in with says so first', async () => {
    const {api, svc} = await startDemo();
    const listed = (await api.get('/api/v1/api-keys')) as {items: Array<{id: number; prefix: string}>};
    const own = listed.items.find((k) => svc.adminKey.startsWith(k.prefix))!;
    const spy = instrument(api);
    const tui = renderApp(spy.api, {screen: 'res:api-keys'}, {columns: 160});
    await tui.waitForFrame(/API keys \[\d+\]/);
    await cursorOn(tui, new RegExp(`› ${own.id}\\s`));
    await tui.press('D');
    const frame = await tui.waitForFrame(/Delete API key \d+ .*\?/);
    expect(frame).toContain('This is the key this console is signed in with: the console will stop working. This cannot be undone.');
    await tui.press('n');
    await tui.waitForFrame((f) => !f.includes('Delete API key'));
    expect(spy.count(/^DELETE/)).toBe(0);
  });

  it('roles: describe as YAML and JSON, edit in $EDITOR sends only what the contract accepts', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'res:roles'});
    await tui.waitForFrame('No roles yet');
    nextEdit('name: analysts\ndescription: null\npolicies: []\n');
    await tui.press('c');
    await tui.waitForFrame(/Roles \[1\][\s\S]*› \d+\s+analysts/);
    await tui.press('d');
    let frame = await tui.waitForFrame('· YAML ·');
    expect(frame).toMatch(/^name: analysts$/m);
    await tui.press('o');
    frame = await tui.waitForFrame('· JSON ·');
    expect(frame).toContain('"name": "analysts"');
    await tui.press('escape');
    await tui.waitForFrame(/› \d+\s+analysts/);
    const id = /› (\d+)\s+analysts/.exec(tui.lastFrame() ?? '')![1]!;

    nextEdit('name: analysts\ndescription: reads dashboards\npolicies: []\nbogus: 1\n');
    await tui.press('e');
    frame = await tui.waitForFrame('nothing was sent');
    expect(seen()).toMatch(/^description: null$/m);
    expect(frame).toContain('Unrecognized key');
    nextEdit('name: analysts\ndescription: reads dashboards\npolicies: []\n');
    await tui.press('e');
    await tui.waitForFrame(`Saved role ${id}`);
    const role = await getObject(api, OBJECT_GROUPS.find((g) => g.command === 'policies')!, undefined, id);
    expect(role.description).toBe('reads dashboards');
  });

  it('workbooks of a deployment: titled with the deployment, filtered with /', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'res:workbooks', params: {deploymentId: '1', deploymentName: 'analytics-prod'}});
    await tui.waitForFrame('No workbooks yet');
    nextEdit('name: Revenue\nfolderId: null\n');
    await tui.press('c');
    const frame = await tui.waitForFrame(/Workbooks · analytics-prod \[1\]/);
    expect(frame).toMatch(/ID\s+NAME\s+FOLDER\s+SLUG/);
    expect(frame).toMatch(/› \d+\s+Revenue/);
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'zzz', 'enter');
    await tui.waitForFrame('No workbooks match /zzz');
  });

  it('embed groups ask for the tenant first, then list and create in it', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'res:groups'});
    await typeAfter(tui, 'Embed tenant:', 'acme', 'enter');
    await tui.waitForFrame(/Embed groups · tenant acme/);
    nextEdit('name: sales\n');
    await tui.press('c');
    await tui.waitForFrame(/Embed groups · tenant acme \[1\][\s\S]*sales/);
  });

  it('every type opens to its list (or says its API has none) without an error', async () => {
    const {api} = await startDemo();
    for (const t of RESOURCE_TYPES.filter((x) => x.scope !== 'embed tenant' && !x.credential)) {
      const tui = renderApp(api, {screen: `res:${t.id}`, params: {deploymentId: '1', deploymentName: 'analytics-prod'}});
      const frame = await tui.waitForFrame((f) => f.includes(t.title) && /\[\d+\]|No .* yet|has no list/.test(f));
      expect(frame, t.id).not.toMatch(/failed|error/i);
      tui.unmount();
    }
  });

  it('SCIM asks for a SCIM token (masked, memory only), then lists and creates users with it', async () => {
    const {api} = await startDemo();
    const created = await createApiKey(api, {name: 'idp', scim: true});
    const tui = renderApp(api, {screen: 'deployments'});
    await tui.waitForFrame('analytics-prod');
    await tui.press(':', 'scim');
    await tui.waitForFrame('› scim');
    await tui.press('enter');
    await typeAfter(tui, 'SCIM token:', created.key, 'enter');
    await tui.waitForFrame(/SCIM users( \[\d+\]|\n.*No scim users yet)/);
    expect(tui.frames.join('')).not.toContain(created.key);
    nextEdit('userName: jo@example.com\nname:\n  givenName: Jo\n  familyName: Doe\nactive: true\n');
    await tui.press('c');
    // SCIM lists every account user (the admin too): the new one is among them.
    await tui.waitForFrame(/SCIM users \[2\][\s\S]*jo@example\.com\s+Jo Doe/);
  });

  it('SCIM: a refused token is named as the SCIM token and dropped, another one can be entered at once', async () => {
    const {api} = await startDemo();
    const created = await createApiKey(api, {name: 'idp', scim: true});
    const tui = renderApp(api, {screen: 'deployments'});
    await tui.waitForFrame('analytics-prod');
    await tui.press(':', 'scim', 'enter');
    // `:` and `q` are text here (masked), not the palette or quit. With a space the token cannot be sent at all.
    await typeAfter(tui, 'SCIM token:', ':api-keys q', 'enter');
    const malformed = await tui.waitForFrame(/malformed[\s\S]*enter another/);
    expect(malformed).toContain('the SCIM token is malformed: character 10 of 11 is a space');
    expect(malformed).toContain('SCIM token: ');
    await typeAfter(tui, 'SCIM token:', ':api-keys:q', 'enter');
    const frame = await tui.waitForFrame(/refused[\s\S]*enter another/);
    expect(frame).toContain('unauthorized (401): the SCIM token was refused');
    expect(frame).not.toMatch(/session expired|svc login/);
    expect(frame).toContain('SCIM token: ');
    expect(tui.quits()).toBe(0);
    // The prompt takes the next one at once.
    await typeAfter(tui, /SCIM token: .*‹svc_…›/, created.key, 'enter');
    await tui.waitForFrame(/SCIM users( \[\d+\]|\n.*No scim users yet)/);
  });

  it('prompts of the embed-tenant and SCIM screens: Esc goes back to the screen before', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments'});
    await tui.waitForFrame('analytics-prod');
    for (const name of ['groups', 'scim']) {
      await tui.press(':', name, 'enter');
      await tui.waitForFrame(/Embed tenant:|SCIM token:/);
      await tui.press('escape');
      const frame = await tui.waitForFrame(/Deployments \[\d+\]/);
      expect(frame).not.toMatch(/Embed tenant:|SCIM token:/);
    }
  });

  it('--readonly: c, e and D do nothing and are not offered', async () => {
    const {api} = await startDemo();
    await createObject(api, OBJECT_GROUPS.find((g) => g.command === 'policies')!, undefined, {name: 'viewers', policies: []});
    const spy = instrument(api);
    const tui = renderApp(spy.api, {screen: 'res:roles'}, {readonly: true});
    const frame = await tui.waitForFrame(/Roles \[\d+\]/);
    expect(frame).toContain('describe');
    expect(frame).not.toMatch(/\bc create|D delete|e edit/);
    await tui.press('c', 'D', 'e');
    await tui.press('d');
    await tui.waitForFrame('· YAML ·');
    expect(seen()).toBe('');
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it('offers only the keys its API allows: an API key is created and deleted, never edited', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'res:api-keys'}, {columns: 200});
    const frame = await tui.waitForFrame(/API keys \[\d+\][\s\S]*c create/);
    expect(frame).toMatch(/D delete/);
    expect(frame).not.toMatch(/e edit/);
    await tui.press('?');
    const help = await tui.waitForFrame('close help');
    expect(help).toMatch(/create from a template/);
    expect(help).not.toMatch(/edit in \$EDITOR/);
    await tui.press('escape', 'e');
    await tui.waitForFrame('the API cannot change api keys');
    expect(seen()).toBe('');
  });
});
