// The layer rules of docs/ARCHITECTURE.md §2, checked by `npm test` (npm run lint). The guide's table of which
// layer imports which is this tool's own output (scripts/layers.mjs); each rule below forbids an
// import the layering does not allow.
/**
 * An import the layering forbids: from the files whose path matches `from`, to a path matching `to` (a pattern) or to
 * what dependency-cruiser's own conditions describe (an object). Every rule fails the check.
 */
const forbid = (name, comment, from, to) => ({name, comment, severity: 'error', from: {path: from}, to: typeof to === 'string' ? {path: to} : to});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-undeclared-package', 'Every package src/ and screens/ import is declared in package.json (dependencies, or devDependencies for a type-only import): one that resolves only because another package brought it along breaks on the next update of that package.', '^(src|screens)/', {dependencyTypes: ['npm-no-pkg', 'npm-unknown']}),
    forbid('no-unresolvable-import', 'An import that resolves to no file on disk fails at run time (or only in the bundle).', '^(src|screens)/', {couldNotResolve: true}),
    forbid('product-never-imports-dev-packages', 'The published package installs dependencies only: a runtime import of a devDependency works here and fails for a user.', '^(src|screens)/', {dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only', 'type-import']}),
    forbid('no-folder-cycles', 'No circle of runtime imports: a cycle makes start-up order and layering fragile (a type-only import is erased).', '^(src|screens)/', {circular: true, viaOnly: {dependencyTypesNot: ['type-only', 'type-import']}}),
    forbid('contract-imports-only-zod', 'contract/ is shared by the service and the client: zod only.', '^src/contract/', {pathNot: ['^src/contract/', '^src/lib/', 'node_modules/zod/', 'node_modules/@hono/zod-openapi/']}),
    forbid('lib-imports-no-layer', 'lib/ (lists, text, cells, URLs, CSV, environment switches, times) is below every layer, which may all import it: it imports none of them.', '^src/lib/', {path: '^(src|screens)/', pathNot: '^src/lib/'}),
    forbid('files-imports-only-node', 'files/ (THE private-file writer) is used by the service and the client alike: node built-ins only.', '^src/files/', {path: '^(src|screens)/', pathNot: '^src/files/'}),
    forbid('server-imports-contract-only', 'The local service imports contract/ and its own modules, never the client, the UI or commands.', '^src/server/', '^(src/(api|ui|commands|config|queries|workflows|telemetry|update)|screens)/'),
    forbid('client-never-imports-server', 'Only the command layer starts the service (svc server, svc ui --local).', '^(src/(api|ui|config|queries|workflows|contract)|screens)/', '^src/server/'),
    forbid('commands-never-load-ink-or-react', 'Command mode starts fast: no static import reaches ink, react or the UI (svc ui loads it with import()).', '^src/commands/', {path: ['node_modules/(ink|react|@tanstack/react-query|ink-[^/]+)/', '^src/ui/', '^screens/'], dynamic: false, dependencyTypesNot: ['type-only', 'type-import']}),
    forbid('api-imports-contract-only', 'api/ (HTTP client and fetchers) sits on contract/ only.', '^src/api/', '^(src/(ui|commands|config|queries|workflows|server)|screens)/'),
    forbid('queries-and-workflows-below-ui', 'queries/ and workflows/ are shared by the UI and command mode: they never import either.', '^src/(queries|workflows)/', '^(src/(ui|commands|server)|screens)/'),
    forbid('ui-never-imports-screens-or-config', 'The shell gets its screens and its client from the command that starts it.', '^src/ui/', '^(screens|src/(config|commands|server))/'),
    forbid('screens-never-import-commands-or-config', 'A screen composes ui/ with queries/ and workflows/.', '^screens/', '^src/(commands|config|server)/'),
    forbid('stores-take-db-not-context', 'A store function takes the database (and a clock when it stamps the time), never the whole service context.', '^src/server/store/', '^src/server/context\\.ts$'),
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default']},
  },
};
