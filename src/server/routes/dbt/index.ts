// dbt sync of a deployment: start, status, result, logs, history, cancel (input rules in input.ts).
import type {RouteGroup} from '../../appTypes.js';
import {register as sync} from './sync.js';

export const register: RouteGroup = (app, ctx) => sync(app, ctx);
