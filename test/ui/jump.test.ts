// The palette's jump policy (src/ui/nav/jump.ts) without Ink: where `:<screen>` lands from each kind of stack.
import {describe, expect, it} from 'vitest';
import {planJump, type JumpScreen} from '../../src/ui/nav/jump.js';
import type {NavEntry, ScreenParams} from '../../src/ui/nav/navReducer.js';

const DEPLOYMENT = ['deploymentId'];
const SCREENS: readonly JumpScreen[] = [
  {id: 'deployments', title: 'Deployments'},
  {id: 'audit', title: 'Audit log'},
  {id: 'contexts', title: 'Contexts', argument: {param: 'context'}},
  {id: 'deployment', title: 'Deployment', needs: DEPLOYMENT},
  {id: 'versions', title: 'Versions', needs: DEPLOYMENT},
  {id: 'branches', title: 'Branches', needs: DEPLOYMENT},
];
const byId = new Map(SCREENS.map((s) => [s.id, s]));
const screen = (id: string) => byId.get(id);
const target = (id: string) => byId.get(id)!;

let key = 0;
const entry = (id: string, params: ScreenParams = {}): NavEntry => ({key: ++key, screen: id, params, filter: ''});
const PROD = {deploymentId: '1', deploymentName: 'analytics-prod'};
const deep = [entry('deployments'), entry('deployment', PROD), entry('branches')];

describe('a palette jump to a screen that needs nothing', () => {
  it('the root screen starts the stack over', () => {
    expect(planJump({target: target('deployments'), stack: deep, screen})).toEqual({type: 'reset', target: {screen: 'deployments'}});
  });

  it('opens on top of a deployment’s screens, so Esc comes back to them', () => {
    expect(planJump({target: target('audit'), stack: deep, screen})).toEqual({type: 'jump', keep: 3, targets: [{screen: 'audit'}]});
  });

  it('replaces another global screen on top instead of stacking a second one', () => {
    const stack = [entry('deployments'), entry('audit')];
    expect(planJump({target: target('contexts'), stack, screen})).toEqual({type: 'jump', keep: 1, targets: [{screen: 'contexts'}]});
  });

  it('does nothing when it is on top already, and takes a new argument in place', () => {
    const stack = [entry('deployments'), entry('contexts')];
    expect(planJump({target: target('contexts'), stack, screen})).toBeUndefined();
    expect(planJump({target: target('contexts'), arg: 'staging', stack, screen})).toEqual({type: 'replace', target: {screen: 'contexts', params: {context: 'staging'}}});
  });
});

describe('a palette jump to a deployment’s screen', () => {
  it('replaces what was opened after the entry that gives the deployment', () => {
    expect(planJump({target: target('versions'), stack: deep, screen})).toEqual({type: 'jump', keep: 2, targets: [{screen: 'versions'}]});
  });

  it('to the entry itself goes back to it', () => {
    expect(planJump({target: target('deployment'), stack: deep, screen})).toEqual({type: 'jump', keep: 2, targets: []});
  });

  it('takes the row under the cursor, through its overview, when no entry gives a deployment', () => {
    const stack = [entry('deployments')];
    expect(planJump({target: target('versions'), stack, screen, offered: PROD, lastDeployment: {deploymentId: '9'}})).toEqual({
      type: 'jump',
      keep: 1,
      targets: [{screen: 'deployment', params: PROD}, {screen: 'versions', params: {}}],
    });
  });

  it('from a global screen on top, falls back to the deployment last looked at and drops the global screen', () => {
    const stack = [entry('deployments'), entry('audit')];
    expect(planJump({target: target('deployment'), stack, screen, lastDeployment: PROD})).toEqual({
      type: 'jump',
      keep: 1,
      targets: [{screen: 'deployment', params: PROD}],
    });
  });

  it('without any deployment to go by, says what to pick', () => {
    expect(planJump({target: target('versions'), stack: [entry('deployments')], screen})).toEqual({type: 'warn', text: 'Versions needs a deployment: pick one first'});
  });
});
