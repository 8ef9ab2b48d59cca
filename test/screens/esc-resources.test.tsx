// Esc leaves every prompt of the object screens (API keys, users, roles, SCIM, embed groups, folders, workbooks,
// …: one screen per object type; test/helpers/escWalk.ts says how the walk goes).
import {escWalk, isResourceScreen} from '../helpers/escWalk.js';

escWalk(isResourceScreen);
