// Esc leaves every prompt of the data-model and session screens: dev mode, logs, variables, files, the query,
// audit and contexts (test/helpers/escWalk.ts says how the walk goes).
import {escWalk, isModelScreen} from '../helpers/escWalk.js';

escWalk(isModelScreen);
