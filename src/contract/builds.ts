// Build status of a branch (GET /api/v1/deployments/{deploymentId}/build-status), field names as the current API
// has them (the platform API description's BuildStatusResponse).
import {z} from 'zod';

/**
 * `building` covers queued, compiling and a worker spinning up; `warmup` follows it; `built`, `failed` and
 * `cancelled` end a build; `none` and `stopped` mean nothing is building the branch.
 */
export const BUILD_STATUSES = ['building', 'warmup', 'built', 'failed', 'cancelled', 'none', 'stopped'] as const;
export const BuildStatusValue = z.enum(BUILD_STATUSES).meta({id: 'BuildStatusValue'});
export type BuildStatusValue = z.infer<typeof BuildStatusValue>;

export const BuildMode = z.enum(['production', 'dev_mode']).meta({id: 'BuildMode'});
export type BuildMode = z.infer<typeof BuildMode>;

export const BuildStatusResponse = z
  .object({
    deploymentId: z.number().int(),
    branchName: z.string(),
    mode: BuildMode,
    status: BuildStatusValue,
    buildJobId: z.number().int().nullable().optional(),
    /** The build's current step in finer grain than `status`: queued, building, warmup, built, failed, cancelled. */
    deploymentStatus: z.string().nullable().optional(),
    errorText: z.string().nullable().optional(),
    filesHash: z.string().nullable().optional(),
    lastHash: z.string().nullable().optional(),
    updatedAt: z.string().nullable().optional(),
  })
  .meta({id: 'BuildStatusResponse'});
export type BuildStatusResponse = z.infer<typeof BuildStatusResponse>;

/** Omitted or empty: the caller's active dev-mode branch, else the deploy branch. */
export const BuildStatusQuery = z.object({
  branchName: z.string().max(255).optional(),
});
