// Whether an embed tenant's users read a workbook: the workbook's embed access (kept with the workbook), read by the
// embed access routes and by the policy's export resolver alike.
import type {z} from '@hono/zod-openapi';
import type {EmbedAccessResponse} from '../../../contract/embedOps.js';
import type {ResourceRow} from '../../store/resources.js';

export type Access = z.infer<typeof EmbedAccessResponse>;

const NO_ACCESS: Access = {allowEmbed: false, allEmbedUsers: {enabled: false, action: 'none', groupId: null}, tenants: []};
export const accessOf = (workbook: ResourceRow): Access => (workbook.body.embedAccess as Access | undefined) ?? NO_ACCESS;

/** Does this tenant's embed user read the workbook, and through which grant? */
export function readSource(access: Access, tenant: string): 'tenant' | 'allEmbedUsers' | undefined {
  if (!access.allowEmbed) return undefined;
  if (access.tenants.some((t) => t.embedTenantName === tenant && t.action === 'read')) return 'tenant';
  if (access.allEmbedUsers.enabled && access.allEmbedUsers.action === 'read') return 'allEmbedUsers';
  return undefined;
}
