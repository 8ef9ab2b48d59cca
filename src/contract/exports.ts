// Dashboard exports (a published dashboard rendered to PNG or PDF) and Databricks Metric View publication
// (settings per data source, and previews of the conversion): request bodies and answers, with the platform API
// description's names, enums and limits.
import {z} from 'zod';

const member = z.string().regex(/^.+\..+$/, 'must be a member path such as orders.status');
const nullable = <T extends z.ZodType>(t: T) => t.nullable().optional();

export const EXPORT_FORMATS = ['png', 'pdf'] as const;
export const EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const DASHBOARD_FILTER_OPERATORS = [
  'equals', 'not_equals', 'greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal', 'contains', 'not_contains',
  'starts_with', 'not_starts_with', 'ends_with', 'not_ends_with', 'is_null', 'is_not_null', 'is_empty', 'is_not_empty', 'between', 'custom',
] as const;

const filterValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()).max(1000)]);
export const DashboardFilterInput = z
  .object({
    member,
    operator: nullable(z.enum(DASHBOARD_FILTER_OPERATORS)),
    value: nullable(filterValue),
    caseSensitive: z.unknown().optional(),
    startInclusive: z.unknown().optional(),
    endInclusive: z.unknown().optional(),
  })
  .strict()
  .meta({id: 'DashboardFilterInput'});
export const DashboardTimeGrainInput = z.object({member, grain: z.string().min(1).max(20)}).strict().meta({id: 'DashboardTimeGrainInput'});
export const DashboardMemberSwitcherInput = z.object({member, selected: z.string().min(1).max(255)}).strict().meta({id: 'DashboardMemberSwitcherInput'});

const attributeValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.array(z.number())]);
export const ExportSubjectInput = z
  .object({
    type: z.enum(['USER', 'EMBED_USER']),
    userId: nullable(z.number().int()),
    email: nullable(z.string().max(255)),
    embedTenantName: nullable(z.string().min(1).max(255)),
    externalId: nullable(z.string().min(1).max(255)),
    groups: nullable(z.array(z.string().min(1).max(100)).max(100)),
    userAttributes: nullable(z.array(z.object({name: z.string().min(1).max(255), value: nullable(attributeValue)}).strict()).max(100)),
    securityContext: nullable(z.record(z.string(), z.unknown())),
  })
  .strict()
  .refine((s) => s.type !== 'USER' || s.userId != null || !!s.email, {message: 'a USER subject needs userId or email', path: ['userId']})
  .refine((s) => s.type !== 'EMBED_USER' || (!!s.embedTenantName && !!s.externalId), {message: 'an EMBED_USER subject needs embedTenantName and externalId', path: ['externalId']})
  .meta({id: 'ExportSubjectInput'});

export const StartDashboardExportInput = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    dashboardId: nullable(z.number().int()),
    dashboardPublicId: nullable(z.string().min(1).max(64)),
    filters: nullable(z.array(DashboardFilterInput).max(100)),
    timeGrains: nullable(z.array(DashboardTimeGrainInput).max(100)),
    memberSwitchers: nullable(z.array(DashboardMemberSwitcherInput).max(100)),
    renderAs: nullable(ExportSubjectInput),
  })
  .strict()
  .refine((b) => (b.dashboardId != null) !== (b.dashboardPublicId != null), {message: 'name the dashboard with exactly one of dashboardId or dashboardPublicId', path: ['dashboardId']})
  .meta({id: 'StartDashboardExportInput'});
export type StartDashboardExportInput = z.infer<typeof StartDashboardExportInput>;

export const DashboardExportJobResponse = z.object({jobId: z.string(), expiresAt: z.string()}).meta({id: 'DashboardExportJobResponse'});
export const DashboardExportStatusResponse = z
  .object({status: z.enum(EXPORT_STATUSES), progress: z.number().nullable().optional(), contentType: z.string().nullable().optional(), error: z.string().nullable().optional()})
  .meta({id: 'DashboardExportStatusResponse'});
export type DashboardExportStatus = z.infer<typeof DashboardExportStatusResponse>;

export const SELECTION_MODES = ['all', 'selected', 'pattern'] as const;
export const DELETION_POLICIES = ['retain', 'delete-managed'] as const;
const nameMap = z.record(z.string().min(1).max(255), z.string().min(1).max(255));

export const SaveDatabricksMetricViewIntegrationInput = z
  .object({
    expectedConfigurationVersion: z.number().int().min(0),
    enabled: z.boolean(),
    targetCatalog: z.string().min(1, 'must not be empty').max(255),
    targetSchema: z.string().min(1, 'must not be empty').max(255),
    selectionMode: z.enum(SELECTION_MODES),
    deletionPolicy: z.enum(DELETION_POLICIES).optional(),
    targetNamePrefix: z.string().max(255).optional(),
    viewNameRegex: z.string().max(128).optional(),
    viewNames: z.array(z.string().min(1).max(255)).max(128).optional(),
    targetNames: nameMap.optional(),
    sourceOverrides: nameMap.optional(),
  })
  .strict()
  .meta({id: 'SaveDatabricksMetricViewIntegrationInput'});

export const DatabricksMetricViewIntegrationResponse = z
  .object({
    publicId: z.string(),
    deploymentId: z.number().int(),
    dataSourceName: z.string(),
    configurationVersion: z.number().int(),
    configuration: z.object({
      version: z.literal(1),
      enabled: z.boolean(),
      targetCatalog: z.string(),
      targetSchema: z.string(),
      selectionMode: z.enum(SELECTION_MODES),
      deletionPolicy: z.enum(DELETION_POLICIES),
      targetNamePrefix: z.string().nullable().optional(),
      viewNameRegex: z.string().nullable().optional(),
      viewNames: z.array(z.string()).nullable().optional(),
      targetNames: z.record(z.string(), z.string()).nullable().optional(),
      sourceOverrides: z.record(z.string(), z.string()).nullable().optional(),
    }),
    accessTest: z.record(z.string(), z.unknown()).nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({id: 'DatabricksMetricViewIntegrationResponse'});

export const DatabricksMetricViewPublicationPreviewInput = z
  .object({
    dataSourceName: z.string().min(1, 'must not be empty').max(255),
    selectionMode: z.enum(SELECTION_MODES),
    viewNames: nullable(z.array(z.string().min(1).max(255)).max(128)),
    viewNameRegex: nullable(z.string().max(128)),
    targetNames: nullable(nameMap),
    sourceOverrides: nullable(nameMap),
  })
  .strict()
  .refine((b) => b.selectionMode !== 'selected' || (b.viewNames?.length ?? 0) > 0, {message: "name the views when selectionMode is 'selected'", path: ['viewNames']})
  .refine((b) => b.selectionMode !== 'pattern' || !!b.viewNameRegex, {message: "give viewNameRegex when selectionMode is 'pattern'", path: ['viewNameRegex']})
  .meta({id: 'DatabricksMetricViewPublicationPreviewInput'});
export type DatabricksMetricViewPublicationPreviewInput = z.infer<typeof DatabricksMetricViewPublicationPreviewInput>;

export const PREVIEW_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];
/** What every answer about a preview names: the preview, and the build it converts. */
const previewFields = {previewId: z.string(), deploymentId: z.number().int(), dataSourceName: z.string()};
const builtFrom = {buildJobId: z.number().int(), commit: z.string().nullable()};
const progress = z.object({stage: z.enum(PREVIEW_STATUSES), percentComplete: z.number().int(), message: z.string()});

export const DatabricksMetricViewPublicationPreviewStartResponse = z
  .object({
    ...previewFields,
    ...builtFrom,
    reused: z.boolean(),
    status: z.literal('QUEUED'),
    statusUrl: z.string(),
    resultUrl: z.string(),
  })
  .meta({id: 'DatabricksMetricViewPublicationPreviewStartResponse'});
export const DatabricksMetricViewPublicationPreviewStatusResponse = z
  .object({
    ...previewFields,
    status: z.enum(PREVIEW_STATUSES),
    progress,
    resultAvailable: z.boolean(),
    error: z.string().nullable().optional(),
    startedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({id: 'DatabricksMetricViewPublicationPreviewStatusResponse'});

const issue = z.object({
  code: z.string(),
  severity: z.enum(['ERROR', 'WARNING']),
  stage: z.enum(['INPUT', 'VIEW_PROJECTION', 'OSSIE_VALIDATION', 'OSSIE_TO_DATABRICKS', 'OUTPUT_VALIDATION', 'EXECUTION']),
  message: z.string(),
  element: z.string().nullable().optional(),
});
export const DatabricksMetricViewPublicationViewResult = z.object({
  cubeViewName: z.string(),
  metricViewName: z.string(),
  outcome: z.enum(['success', 'failed']),
  eligibleForPublication: z.boolean(),
  issues: z.array(issue),
  datasetSources: z.array(z.object({dataset: z.string(), dataSource: z.string(), originalSource: z.string(), resolvedSource: z.string()})),
  counts: z.object({dimensions: z.number().int(), measures: z.number().int(), joins: z.number().int(), warnings: z.number().int(), errors: z.number().int()}),
  source: z.string().nullable().optional(),
  metricViewYaml: z.string().nullable().optional(),
  metricViewSha256: z.string().nullable().optional(),
});
export type MetricViewResult = z.infer<typeof DatabricksMetricViewPublicationViewResult>;
export type MetricViewIssue = z.infer<typeof issue>;
export const DatabricksMetricViewPublicationPreviewResultResponse = z
  .object({
    ...previewFields,
    ...builtFrom,
    completedAt: z.string(),
    durationMs: z.number().int(),
    version: z.literal(2),
    outcome: z.enum(['success', 'partial', 'failed']),
    sourceSha256: z.string(),
    views: z.array(DatabricksMetricViewPublicationViewResult),
    runtime: z.object({
      bridgeCommit: z.string(),
      bridgeVersion: z.string(),
      ossieCommit: z.string(),
      ossieCoreVersion: z.string(),
      databricksConverterVersion: z.string(),
      cubeConverterVersion: z.string(),
      templateName: z.string(),
      runnerVersion: z.string(),
      policyVersion: z.number().int(),
    }),
  })
  .meta({id: 'DatabricksMetricViewPublicationPreviewResultResponse'});
