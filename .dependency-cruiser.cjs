// The layer rules of docs/ARCHITECTURE.md §2, checked by `npm test` (npm run lint). The guide's table of which
// layer imports which is this tool's own output (scripts/layers.mjs); each rule below forbids an
// import the layering does not allow.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-undeclared-package',
      comment: 'Every package src/ and screens/ import is declared in package.json (dependencies, or devDependencies for a type-only import): one that resolves only because another package brought it along breaks on the next update of that package.',
      severity: 'error',
      from: {path: '^(src|screens)/'},
      to: {dependencyTypes: ['npm-no-pkg', 'npm-unknown']},
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import that resolves to no file on disk fails at run time (or only in the bundle).',
      severity: 'error',
      from: {path: '^(src|screens)/'},
      to: {couldNotResolve: true},
    },
    {
      name: 'product-never-imports-dev-packages',
      comment: 'The published package installs dependencies only: a runtime import of a devDependency works here and fails for a user.',
      severity: 'error',
      from: {path: '^(src|screens)/'},
      to: {dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only', 'type-import']},
    },
    {
      name: 'no-folder-cycles',
      comment: 'No circle of runtime imports: a cycle makes start-up order and layering fragile (a type-only import is erased).',
      severity: 'error',
      from: {path: '^(src|screens)/'},
      to: {circular: true, viaOnly: {dependencyTypesNot: ['type-only', 'type-import']}},
    },
    {
      name: 'contract-imports-only-zod',
      comment: 'contract/ is shared by the service and the client: zod only.',
      severity: 'error',
      from: {path: '^src/contract/'},
      to: {pathNot: ['^src/contract/', '^src/lib/', 'node_modules/zod/', 'node_modules/@hono/zod-openapi/']},
    },
    {
      name: 'lib-imports-no-layer',
      comment: 'lib/ (lists, text, cells, URLs, CSV, environment switches, times) is below every layer, which may all import it: it imports none of them.',
      severity: 'error',
      from: {path: '^src/lib/'},
      to: {path: '^(src|screens)/', pathNot: '^src/lib/'},
    },
    {
      name: 'files-imports-only-node',
      comment: 'files/ (THE private-file writer) is used by the service and the client alike: node built-ins only.',
      severity: 'error',
      from: {path: '^src/files/'},
      to: {path: '^(src|screens)/', pathNot: '^src/files/'},
    },
    {
      name: 'server-imports-contract-only',
      comment: 'The local service imports contract/ and its own modules, never the client, the UI or commands.',
      severity: 'error',
      from: {path: '^src/server/'},
      to: {path: '^(src/(api|ui|commands|config|queries|workflows|telemetry|update)|screens)/'},
    },
    {
      name: 'client-never-imports-server',
      comment: 'Only the command layer starts the service (svc server, svc ui --local).',
      severity: 'error',
      from: {path: '^(src/(api|ui|config|queries|workflows|contract)|screens)/'},
      to: {path: '^src/server/'},
    },
    {
      name: 'commands-never-load-ink-or-react',
      comment: 'Command mode starts fast: no static import reaches ink, react or the UI (svc ui loads it with import()).',
      severity: 'error',
      from: {path: '^src/commands/'},
      to: {path: ['node_modules/(ink|react|@tanstack/react-query|ink-[^/]+)/', '^src/ui/', '^screens/'], dynamic: false, dependencyTypesNot: ['type-only', 'type-import']},
    },
    {
      name: 'api-imports-contract-only',
      comment: 'api/ (HTTP client and fetchers) sits on contract/ only.',
      severity: 'error',
      from: {path: '^src/api/'},
      to: {path: '^(src/(ui|commands|config|queries|workflows|server)|screens)/'},
    },
    {
      name: 'queries-and-workflows-below-ui',
      comment: 'queries/ and workflows/ are shared by the UI and command mode: they never import either.',
      severity: 'error',
      from: {path: '^src/(queries|workflows)/'},
      to: {path: '^(src/(ui|commands|server)|screens)/'},
    },
    {
      name: 'ui-never-imports-screens-or-config',
      comment: 'The shell gets its screens and its client from the command that starts it.',
      severity: 'error',
      from: {path: '^src/ui/'},
      to: {path: '^(screens|src/(config|commands|server))/'},
    },
    {
      name: 'screens-never-import-commands-or-config',
      comment: 'A screen composes ui/ with queries/ and workflows/.',
      severity: 'error',
      from: {path: '^screens/'},
      to: {path: '^src/(commands|config|server)/'},
    },
    {
      name: 'stores-take-db-not-context',
      comment: 'A store function takes the database (and a clock when it stamps the time), never the whole service context.',
      severity: 'error',
      from: {path: '^src/server/store/'},
      to: {path: '^src/server/context\\.ts$'},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default']},
  },
};
