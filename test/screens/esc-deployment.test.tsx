// Esc leaves every prompt of the deployment's screens (the list, the overview, versions, environments, builds,
// dbt runs and the gate, branches, activity) and of any screen no other Esc walk names
// (test/helpers/escWalk.ts says how the walk goes).
import {escWalk, isDeploymentScreen} from '../helpers/escWalk.js';

escWalk(isDeploymentScreen);
