// Dev-mode facts a test checks through the API, as a client would see them.
import {ApiError, type Api} from '../../src/api/client.js';

/** The caller holds no dev-mode session on the deployment any more: validating "in dev mode" is refused. */
export async function sessionReleased(api: Api, deploymentId = '1'): Promise<boolean> {
  try {
    await api.get(`/build/api/v1/deployments/${deploymentId}/data-model/validate`, {searchParams: {devMode: 'true'}});
    return false;
  } catch (err) {
    return err instanceof ApiError && err.status === 400 && /no dev-mode session/.test(err.message);
  }
}
