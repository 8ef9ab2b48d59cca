// The contract schemas the generic resource view checks edited text against. Loaded on first use (create, edit)
// through `lazySchema` in types.ts: the registry reads the type table at start-up, and zod is not needed for the
// console's first frame.
export {CreateApiKeyBody} from '../../src/contract/account.js';
export {CreateOAuthIntegrationInput, CreateOidcTokenConfigInput, UpdateOAuthIntegrationInput, UpdateOidcTokenConfigInput} from '../../src/contract/oauth.js';
export * as objects from '../../src/contract/objects.js';
export {ScimGroupInput, ScimUserInput} from '../../src/contract/scim.js';
export {objectSchema} from '../../src/contract/objectSchemas.js';
