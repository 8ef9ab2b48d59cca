// One import point for the contract: the service validates with these schemas and the client parses with them.
export * from './common.js';
export * from './deployments.js';
export * from './versions.js';
export * from './environments.js';
export * from './account.js';
export * from './gitRef.js';
