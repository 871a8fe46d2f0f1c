/**
 * The layers of the code, checked on every `npm run lint` (dependency-cruiser). Tests, test helpers and the
 * browser suite are left out: a test may reach across layers to set a scene.
 *
 * - core/ is the server's platform (HTTP, database, errors, hooks, PDF and export kits): it knows no module.
 * - The sample core (samples, results, reports) knows none of the modules that build on it; they register on
 *   its lifecycle hooks (modules/samples/lifecycle.ts).
 * - No two modules of the server, and no two features of the web app, import each other, however indirectly.
 * - The shared packages (contracts, i18n) import nothing from the apps.
 */
const ADD_ONS = [
  'analytics',
  'api-clients',
  'billing',
  'dhis2',
  'dispatch',
  'fhir',
  'files',
  'help',
  'instruments',
  'inventory',
  'nonconformity',
  'notifications',
  'offline',
  'qc',
  'verification',
  'worksheets',
];
const TESTS = '\\.(test|e2e)\\.tsx?$|\\.test-helpers\\.tsx?$|/test/|/test-support/|^e2e/';

module.exports = {
  forbidden: [
    {
      name: 'core-knows-no-module',
      comment: 'core/ is the platform every module stands on; a module hands core what it needs (hooks, callbacks).',
      severity: 'error',
      from: { path: '^apps/server/src/core/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'sample-core-knows-no-add-on',
      comment: 'Samples, results and reports publish lifecycle hooks; an add-on registers on them from its own folder.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/(samples|results|reports)/', pathNot: TESTS },
      to: { path: `^apps/server/src/modules/(${ADD_ONS.join('|')})/` },
    },
    {
      name: 'no-module-cycle-server',
      comment: 'Server modules form layers: a module may import a lower one, never one that (indirectly) imports it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { path: '^apps/server/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'no-feature-cycle-web',
      comment: 'Web features form layers too; a core page shows an add-on through a slot the add-on fills.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/src/features/[^/]+$' },
      to: { path: '^apps/web/src/features/[^/]+$', circular: true },
    },
    {
      name: 'packages-know-no-app',
      comment: 'contracts and i18n are shared by the server and the web app; they depend on neither.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    exclude: { path: TESTS },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
