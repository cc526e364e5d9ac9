// Which project may import which, by tags. Shared by eslint.config.mjs and the test that proves
// a forbidden import fails lint, so the two can never drift apart.
//   type:app  -> only libs (no app imports another app)
//   type:lib  -> only libs (no lib imports an app)
//   scope:browser (dashboard) -> shared contracts only, never the PBX client; its rules entry (below) is allowed
//   type:e2e (browser tests)  -> the shared contract only: they drive the product as a browser does
export const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:pbx', onlyDependOnLibsWithTags: ['scope:pbx', 'scope:shared'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:pbx', 'scope:shared'] },
  { sourceTag: 'scope:browser', onlyDependOnLibsWithTags: ['scope:browser', 'scope:shared'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
];

// The shared test harness (ports, processes, waits) is plain ESM outside every project, so that the bench
// and `npm start` run it without a build; projects' tests import it by relative path, which is allowed.
export const HARNESS_IMPORT = '^(\\.\\./)+tools/harness/[a-z-]+\\.mjs$';

// The PBX guide's examples (libs/pbx-api/test/guide-examples/README.md) and their loader are test data of the
// PBX client that the simulator's conformance suite checks against too; only those files, only by relative path.
export const GUIDE_EXAMPLES_IMPORT = '^(\\.\\./)+libs/pbx-api/test/guide-examples/[a-z-]+\\.js$';

// The PBX client's browser-safe entry: its rules, formats, validator and wire types, and nothing that needs Node
// (libs/pbx-api/src/rules/browser-safe.spec.ts proves it). The dashboard checks forms with it and the contract
// types admin calls by it, so the PBX's rules live once; the client itself stays out of reach.
export const PBX_RULES_IMPORT = '^@switchboard/pbx-api/rules$';

export const moduleBoundariesRule = [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [HARNESS_IMPORT, GUIDE_EXAMPLES_IMPORT, PBX_RULES_IMPORT],
    depConstraints,
  },
];
