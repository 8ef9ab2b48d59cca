// The data model of a deployment: build status, branches, dev mode, source files, commits and merges,
// validation, deploy uploads, the data API (after the query log middleware, so it sees every query) and the
// metadata API beside it (after the data API, whose token middleware it relies on), and the Databricks Metric View
// publication settings and previews.
import type {RouteGroup} from '../../appTypes.js';
import {registerQueryLog} from './queryLog.js';
import {register as branches} from './branches.js';
import {register as builds} from './builds.js';
import {register as commits} from './commits.js';
import {register as dataApi} from './dataApi.js';
import {register as devMode} from './devMode.js';
import {register as files} from './files.js';
import {register as metadataApi} from './metadataApi.js';
import {register as metricViewPreviews} from './metricViewPreviews.js';
import {register as metricViews} from './metricViews.js';
import {register as uploads} from './uploads.js';
import {register as validate} from './validate.js';

export const register: RouteGroup = (app, ctx) => {
  for (const group of [builds, branches, devMode, files, commits, validate, registerQueryLog, dataApi, metadataApi, uploads, metricViews, metricViewPreviews]) group(app, ctx);
};
