// Logs and pods of a deployment. Field names follow the platform API description (DeploymentLogLine, DeploymentPod).
import {z} from 'zod';
import {CursorQuery, itemsPage} from './common.js';

export const LOG_SOURCES = ['production', 'dev'] as const;
export const LOG_CONTAINERS = ['INIT', 'MAIN', 'cubejs-server', 'vector', 'api-proxy'] as const;
export const LogSource = z.enum(LOG_SOURCES).meta({id: 'DeploymentLogsQuerySource'});
export type LogSource = z.infer<typeof LogSource>;
export const LogContainer = z.enum(LOG_CONTAINERS).meta({id: 'DeploymentLogsQueryContainer'});
export type LogContainer = z.infer<typeof LogContainer>;

export const LogsQuery = CursorQuery.extend({
  source: LogSource.optional(),
  pod: z.string().min(1, 'pod must not be empty').max(200).optional(),
  container: LogContainer.optional(),
});

export const DeploymentLogLine = z
  .object({pod: z.string(), date: z.string(), message: z.string(), container: z.string(), level: z.string()})
  .meta({id: 'DeploymentLogLine'});
export type DeploymentLogLine = z.infer<typeof DeploymentLogLine>;

export const DeploymentLogsResponse = itemsPage(DeploymentLogLine, 'DeploymentLogsResponse');

export const DeploymentPod = z
  .object({
    name: z.string(),
    type: z.string().nullable(),
    status: z.string().nullable(),
    ready: z.boolean().nullable(),
    restartCount: z.number().int().nullable(),
    containers: z.array(z.string()).nullable(),
  })
  .meta({id: 'DeploymentPod'});
export type DeploymentPod = z.infer<typeof DeploymentPod>;

export const DeploymentPodsResponse = itemsPage(DeploymentPod, 'DeploymentPodsResponse');
