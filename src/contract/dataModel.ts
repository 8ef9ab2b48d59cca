// Data model branches, dev mode and source files (/build/api/v1/deployments/{id}/…), field names as the current
// API has them (the platform API description: BranchResponse, DevBranchResponse, SourceTreeResponse, …).
import {z} from 'zod';
import {itemsDataPage} from './common.js';

const flag = (name: string) => z.enum(['true', 'false'], {message: `${name} must be true or false`});
const cursorPaging = {
  first: z.string().regex(/^[1-9]\d{0,5}$/, 'first must be a positive integer').optional(),
  after: z.string().max(200).optional(),
};

export const Branch = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parentBranch: z.string().nullable(),
    lastHash: z.string().nullable(),
    isStagingEnvironmentEnabled: z.boolean(),
  })
  .meta({id: 'BranchResponse'});
export type Branch = z.infer<typeof Branch>;

export const BranchesListResponse = itemsDataPage(Branch, 'BranchesListResponse');

export const BranchesQuery = z.object(cursorPaging);

/** The client sends `enterDevMode`; the API description names it `activate`. Both point the session here. */
export const CreateBranchRequest = z
  .object({
    name: z.string(),
    from: z.string().nullable().optional(),
    activate: z.boolean().nullable().optional(),
    enterDevMode: z.boolean().nullable().optional(),
  })
  .meta({id: 'CreateBranchRequest'});

export const DevBranchResponse = z
  .object({active: z.boolean(), branchName: z.string().nullable(), parentBranch: z.string().nullable()})
  .meta({id: 'DevBranchResponse'});
export type DevBranchResponse = z.infer<typeof DevBranchResponse>;

export const DeleteBranchQuery = z.object({
  branchName: z.string().optional(),
  removeOnUpstream: flag('removeOnUpstream').optional(),
});

export const SetBranchStagingEnvironmentRequest = z
  .object({
    enabled: z.boolean(),
    branchName: z.string().nullable().optional(),
    branchId: z.number().int().nullable().optional(),
  })
  .meta({id: 'SetBranchStagingEnvironmentRequest'});

export const SetBranchStagingEnvironmentResponse = z.object({data: Branch}).meta({id: 'SetBranchStagingEnvironmentResponse'});

export const StartDevModeRequest = z
  .object({branchName: z.string().nullable().optional()})
  .meta({id: 'StartDevModeRequest'});

export const DataModelWriteResponse = z.object({success: z.boolean()}).meta({id: 'DataModelWriteResponse'});

/** A node of the file tree: absolute path (`/model/cubes/orders.yml`), `content` only with `withContent=true`. */
export const SourceTreeNode = z
  .object({
    path: z.string(),
    type: z.enum(['file', 'directory']),
    content: z.string().optional(),
    children: z.array(z.unknown()),
  })
  .meta({id: 'SourceTreeNode'});
/** On the wire children are free-form (the description says `additionalProperties: true`); see TreeNode. */
export type SourceTreeNode = z.infer<typeof SourceTreeNode>;
/** The same node with its children typed, as the service builds it. */
export interface TreeNode {
  path: string;
  type: 'file' | 'directory';
  content?: string;
  children: TreeNode[];
}

export const SourceTreeResponse = itemsDataPage(SourceTreeNode, 'SourceTreeResponse');

export const FilesQuery = z.object({
  withContent: flag('withContent').optional(),
  branchName: z.string().optional(),
  showLastCLIUpload: flag('showLastCLIUpload').optional(),
  ...cursorPaging,
});

export const FileHashesQuery = z.object({
  branchName: z.string().optional(),
  live: flag('live').optional(),
  useDeployProjectRoot: flag('useDeployProjectRoot').optional(),
});

export const FileHashesResponse = z.record(z.string(), z.object({hash: z.string()})).meta({id: 'FileHashes'});

const branchTarget = {branchName: z.string().optional(), branchId: z.number().int().optional()};

export const UpdateDataModelFilesInput = z
  .object({files: z.array(z.object({path: z.string(), content: z.string()})).min(1, 'files must list at least one file'), ...branchTarget})
  .meta({id: 'UpdateDataModelFilesInput'});

export const RemoveDataModelFilesInput = z
  .object({files: z.array(z.object({path: z.string()})).min(1, 'files must list at least one file'), ...branchTarget})
  .meta({id: 'RemoveDataModelFilesInput'});

export const RenameDataModelFilesInput = z
  .object({files: z.array(z.object({path: z.string(), newPath: z.string()})).min(1, 'files must list at least one file'), ...branchTarget})
  .meta({id: 'RenameDataModelFilesInput'});

export const CommitChangesRequest = z
  .object({
    message: z.string().nullable().optional(),
    branchName: z.string().optional(),
    exitDevMode: z.boolean().nullable().optional(),
    resolveMergeConflict: z.boolean().nullable().optional(),
  })
  .meta({id: 'CommitChangesRequest'});

export const MergeIntoParentBranchRequest = z
  .object({
    branchName: z.string().optional(),
    branchId: z.number().int().optional(),
    message: z.string().nullable().optional(),
    squashCommits: z.boolean().nullable().optional(),
    switchToParentBranch: z.boolean().nullable().optional(),
    deleteBranch: z.boolean().nullable().optional(),
  })
  .meta({id: 'MergeIntoParentBranchRequest'});

/** The description marks `message` required; the client omits it without `-m`, so it is optional here. */
export const MergeToDefaultBranchRequest = z
  .object({
    branchName: z.string().optional(),
    branchId: z.number().int().optional(),
    message: z.string().nullable().optional(),
    removeBranchAfterMerge: z.boolean().nullable().optional(),
  })
  .meta({id: 'MergeToDefaultBranchRequest'});

export const MergeResponse = z.object({merged: z.boolean(), branchDeleted: z.boolean()}).meta({id: 'MergeResponse'});

export const PullRequest = z.object({branchName: z.string().optional()}).meta({id: 'PullRequest'});
export const PullResponse = z.object({buildTriggered: z.boolean()}).meta({id: 'PullResponse'});

export const ValidateQuery = z.object({
  branchName: z.string().optional(),
  devMode: flag('devMode').optional(),
});

export const DataModelValidationResponse = z
  .object({
    deploymentId: z.number().int(),
    branchName: z.string(),
    mode: z.enum(['production', 'dev_mode']),
    valid: z.boolean(),
    errors: z.array(z.object({fileName: z.string().nullable(), message: z.string(), line: z.number().int().optional()})),
    cubesCount: z.number().int().nullable(),
  })
  .meta({id: 'DataModelValidationResponse'});

/** The data API's answer to /cubejs-api/v1/load: rows keyed by member name, plus what each member is. */
export const LoadResponse = z
  .object({
    query: z.record(z.string(), z.unknown()),
    data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    annotation: z.object({
      measures: z.record(z.string(), z.unknown()),
      dimensions: z.record(z.string(), z.unknown()),
      segments: z.record(z.string(), z.unknown()),
      timeDimensions: z.record(z.string(), z.unknown()),
    }),
    lastRefreshTime: z.string(),
  })
  .meta({id: 'LoadResponse'});

/** `{"error": "Continue wait"}` (HTTP 200) while the branch's runtime is still building: ask again. */
export const ContinueWait = z.object({error: z.literal('Continue wait')}).meta({id: 'ContinueWait'});

export const LoadQueryParams = z.object({query: z.string().optional()});
export const LoadBody = z.object({query: z.record(z.string(), z.unknown())}).meta({id: 'LoadRequest'});

export const UploadTransaction = z.object({id: z.string()}).meta({id: 'UploadTransaction'});
export const StartUploadRequest = z.object({branchName: z.string().nullable().optional()}).meta({id: 'StartUploadRequest'});
export const StartUploadResponse = z.object({transaction: UploadTransaction, deploymentName: z.string()}).meta({id: 'StartUploadResponse'});
export const UploadQuery = z.object({
  branchName: z.string().optional(),
  live: flag('live').optional(),
  useDeployProjectRoot: flag('useDeployProjectRoot').optional(),
});

/** `transaction` is the object start returned; the multipart upload sends it as a JSON string, accepted here too. */
export const FinishUploadBody = z
  .object({
    transaction: z.union([UploadTransaction, z.string()]),
    files: z.record(z.string(), z.object({hash: z.string()})),
    autoRemoveFiles: z.boolean().nullable().optional(),
    awaitGitOperations: z.boolean().nullable().optional(),
    commitMessage: z.string().nullable().optional(),
    branchName: z.string().nullable().optional(),
  })
  .meta({id: 'FinishUploadBody'});
export const FinishUploadResponse = z.object({lastHash: z.string().nullable()}).meta({id: 'FinishUploadResponse'});

const MetaMember = z.object({name: z.string(), title: z.string(), shortTitle: z.string(), type: z.string()});
const MetaCube = z.object({
  name: z.string(),
  title: z.string(),
  type: z.enum(['cube', 'view']),
  measures: z.array(MetaMember),
  dimensions: z.array(MetaMember),
  segments: z.array(MetaMember),
});
/** /cubejs-api/v1/meta: what a branch's model exposes, member names fully qualified (`orders.count`). */
export const MetaResponse = z.object({cubes: z.array(MetaCube)}).meta({id: 'MetaResponse'});

/** Metadata API `/v1/entities`: the cubes and views the token's security context may see, with their data source. */
export const MetadataEntitiesResponse = z
  .object({items: z.array(MetaCube.extend({dataSource: z.string()}))})
  .meta({id: 'MetadataEntitiesResponse'});

/** Metadata API `/v1/data-sources`: the data sources behind the visible entities. */
export const MetadataDataSourcesResponse = z
  .object({items: z.array(z.object({name: z.string(), type: z.string(), entities: z.array(z.string())}))})
  .meta({id: 'MetadataDataSourcesResponse'});
