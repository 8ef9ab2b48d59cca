// An account object kind is declared in one place: a kind added to the object catalogue (src/contract/catalogue.ts),
// with no other edit, is served (its routes in GET /api/v1/spec, with their permissions), has its command group
// (`svc widgets --help`) and its view in the console's `:` palette. The modules that read the catalogue are loaded
// after the kind is added: this file starts from a fresh module graph (vi.resetModules: the service tier's worker
// runs files in one process) and leaves a fresh one behind, so no other file sees the widget.
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {afterAll, describe, expect, it, vi} from 'vitest';
import {operationIds} from '../../src/contract/objectKind.js';

vi.resetModules();
afterAll(() => {
  vi.resetModules();
});
const {OBJECT_KINDS} = await import('../../src/contract/catalogue.js');
OBJECT_KINDS.push({
  kind: 'widget',
  tag: 'Widgets',
  summary: 'widgets',
  path: '/api/v1/widgets',
  scope: 'account',
  idParam: 'widgetId',
  operations: operationIds('Widget', ['list', 'get', 'create', 'update', 'delete']),
  schemas: {item: 'UserGroup', create: 'CreateEmbedGroupInput', update: 'UpdateEmbedGroupInput'},
  filters: {search: {field: 'name', match: 'contains', description: 'only widgets whose name contains this text'}},
  unique: ['name'],
  permission: {read: 'DeploymentRead', write: 'DeploymentManage'},
  command: {name: 'widgets', aliases: ['widget'], noun: 'widget', description: 'widgets of the account (a kind only this test knows)', columns: [['ID', 'id'], ['NAME', 'name']]},
  console: {id: 'widgets', title: 'Widgets', template: {name: 'gadget'}},
});

// A filter added to a kind listed under another group's command (`svc embed users`) is that command's flag too.
OBJECT_KINDS.find((k) => k.kind === 'embed-user')!.filters!.email = {field: 'email', match: 'exact', description: 'only this email (test filter)'};

const {testApp} = await import('../helpers/startService.js');
const {buildProgram} = await import('../../src/commands/program.js');
const {groupsFor} = await import('../../src/commands/groups.js');
const {renderApp, startDemo} = await import('../helpers/screenApp.js');

describe('a kind added to the object catalogue', () => {
  it('is served: its routes and their permissions are in GET /api/v1/spec, and they work', async () => {
    const t = testApp('demo');
    try {
      const spec = (await t.call('/api/v1/spec')).body as {paths: Record<string, Record<string, {operationId: string; 'x-svc-permission': unknown}>>};
      expect(spec.paths['/api/v1/widgets']?.get?.operationId).toBe('getWidgets');
      expect(spec.paths['/api/v1/widgets']?.post?.['x-svc-permission']).toEqual({credential: 'management', permission: 'DeploymentManage', level: 'account'});
      expect(spec.paths['/api/v1/widgets/{widgetId}']?.get?.['x-svc-permission']).toEqual({credential: 'management', permission: 'DeploymentRead', level: 'account'});
      expect(Object.keys(spec.paths['/api/v1/widgets/{widgetId}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);

      const created = await t.call('/api/v1/widgets', {method: 'POST', json: {name: 'gadget'}});
      expect(created.status).toBe(200);
      expect((await t.call('/api/v1/widgets', {method: 'POST', json: {name: 'gadget'}})).status).toBe(409);
      const listed = await t.call('/api/v1/widgets?search=GAD');
      expect(listed.body.items.map((w: {name: string}) => w.name)).toEqual(['gadget']);
      expect((await t.call(`/api/v1/widgets/${created.body.id}`, {method: 'DELETE'})).body).toEqual({success: true});
    } finally {
      t.close();
    }
  });

  it('has its command group: `svc widgets --help` lists the operations, and the word loads the group', async () => {
    expect(groupsFor(['widgets', '--help'])).toHaveLength(1);
    const program = (await buildProgram(['widgets', '--help'])) as unknown as CommandUnknownOpts;
    const group = program.commands.find((c) => c.name() === 'widgets')!;
    const help = group.helpInformation();
    expect(help).toMatch(/^Usage: svc widgets\|widget /);
    expect(help).toContain('widgets of the account (a kind only this test knows)');
    for (const sub of ['list|ls', 'get', 'create', 'update', 'delete|rm']) expect(help).toContain(`  ${sub} `);
    expect(group.commands.find((c) => c.name() === 'list')!.helpInformation()).toContain('--search <value>');
  });

  it('a filter added to the embed users entry is a flag of `svc embed users`, and the service filters by it', async () => {
    const program = (await buildProgram(['embed', 'users', '--help'])) as unknown as CommandUnknownOpts;
    const users = program.commands.find((c) => c.name() === 'embed')!.commands.find((c) => c.name() === 'users')!;
    expect(users.helpInformation()).toMatch(/--email <value>\s+only this email \(test filter\)/);
    expect(users.helpInformation()).toMatch(/--search <value>\s+only users whose username contains this text/);
    const t = testApp('demo');
    try {
      const tenant = '/api/v1/embed-tenants/acme';
      await t.call(`${tenant}/user`, {method: 'POST', json: {externalId: 'u-1', email: 'one@acme.example'}});
      await t.call(`${tenant}/user`, {method: 'POST', json: {externalId: 'u-2', email: 'two@acme.example'}});
      expect((await t.call(`${tenant}/users?email=two%40acme.example`)).body.items.map((u: {externalId: string}) => u.externalId)).toEqual(['u-2']);
    } finally {
      t.close();
    }
  });

  it("has its view in the console's `:` palette, listing the service's widgets", async () => {
    const {api} = await startDemo();
    await api.post('/api/v1/widgets', {json: {name: 'sprocket'}});
    const tui = renderApp(api, {screen: 'deployments'});
    await tui.waitForFrame('analytics-prod');
    await tui.press(':', 'widg');
    await tui.waitForFrame('› widgets');
    await tui.press('enter');
    const frame = await tui.waitForFrame(/Widgets \[1\]/);
    expect(frame).toMatch(/\d+\s+sprocket/);
  });
});
