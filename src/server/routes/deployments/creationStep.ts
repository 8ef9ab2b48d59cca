// POST …/creation-step/advance and …/reset: where a deployment is in its creation wizard.
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {CREATION_STEPS, Deployment} from '../../../contract/deployments.js';
import {AdvanceCreationStepInput} from '../../../contract/creationStep.js';
import type {RouteGroup} from '../../appTypes.js';
import {updateDeployment} from '../../store/deployments.js';
import {toDeployment} from './views.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['Deployments'];

export const register: RouteGroup = (app, ctx) => {
  const setStep = (id: string, step: string) => {
    const d = loadDeployment(ctx, id);
    updateDeployment(ctx.db, d.id, {creation_step: step}, ctx.clock.now());
    return toDeployment(ctx, loadDeployment(ctx, d.id));
  };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/creation-step/advance',
      operationId: 'advanceCreationStep',
      summary: 'Move the deployment to a creation step',
      tags,
      request: {params: DeploymentIdParam, body: jsonBody(AdvanceCreationStepInput)},
      responses: {200: json(Deployment, 'the deployment'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      return c.json(setStep(c.req.valid('param').deploymentId, c.req.valid('json').creationStep), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/creation-step/reset',
      operationId: 'resetCreationStep',
      summary: 'Send the deployment back to the first creation step',
      tags,
      request: {params: DeploymentIdParam},
      responses: {200: json(Deployment, 'the deployment'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      return c.json(setStep(c.req.valid('param').deploymentId, CREATION_STEPS[0]), 200);
    },
  );
};
