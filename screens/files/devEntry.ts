// `t` in the file browser: the dev-mode screen, told to enter dev mode on the browsed branch at once (its own
// workflow does it: the user's fork of the branch, re-opened or new).
import type {NavTarget} from '../../src/ui/nav/navReducer.js';

export function devModeOn(deploymentId: string, deploymentName: string, branch: string): NavTarget {
  return {screen: 'dev', params: {deploymentId, deploymentName, devFrom: branch, devEnter: 'yes'}, label: `dev mode · ${branch}`};
}
