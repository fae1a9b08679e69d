/**
 * The layers, top to bottom (README, "How it is built"); nothing imports from a layer above its own:
 *   adapters   rest/, auth/, src/mcp/, src/site/, src/console/, src/admin/, src/cli/, src/app.ts, src/main.ts (composition)
 *   web        src/web/: what the adapters share (problem answers, paths, middleware)
 *   operations tools/, src/registry/, src/services.ts
 *   domain     src/observability (metrics), src/catalogue, community, claims, orders, payments, listings, drafting, crawler, jobs, schedule, metrics, mail, accounts, badges, rate-limit, security,
 *              outbound, text, logging, seed, images, cards, caching; src/errors.ts, src/schema.ts, src/config.ts
 *              (src/outbound, the guard of every request to an address someone else chose, sits low: beside src/security,
 *              it imports no domain module but security and observability)
 *   database   src/db/
 * Checked in CI by `npm run check:layers`.
 */
const ADAPTERS = '^(rest|auth)/|^src/(mcp|admin|cli|site|console)/|^src/(app|main)\\.ts$';
const WEB = '^src/web/';
const OPERATIONS = '^tools/|^src/registry/|^src/services\\.ts$';
const DOMAIN = '^src/(observability|catalogue|community|claims|orders|payments|listings|drafting|crawler|jobs|schedule|metrics|mail|webhooks|staff|moderation|editorial|accounts|badges|rate-limit|security|outbound|text|logging|seed|images|cards|caching)/|^src/(errors|schema|config)\\.ts$';
const DATABASE = '^src/db/';

module.exports = {
  forbidden: [
    {
      name: 'below-adapters-import-no-adapter',
      comment: 'web, operations, domain and database code never import an adapter (REST, MCP, auth pages, CLI, the composition root)',
      severity: 'error',
      from: { path: [WEB, OPERATIONS, DOMAIN, DATABASE].join('|') },
      to: { path: ADAPTERS },
    },
    {
      name: 'adapters-stand-side-by-side',
      comment: 'REST, MCP and the auth pages share pieces through src/web, never by importing each other',
      severity: 'error',
      from: { path: '^(rest|auth|src/mcp)/' },
      to: { path: '^(rest|auth|src/mcp)/', pathNot: '^$1' },
    },
    {
      name: 'operations-domain-database-import-no-web',
      comment: 'the web pieces are HTTP; operations and the domain know nothing of HTTP',
      severity: 'error',
      from: { path: [OPERATIONS, DOMAIN, DATABASE].join('|') },
      to: { path: WEB },
    },
    {
      name: 'domain-imports-no-operation',
      comment: 'the domain is called by tools and pages, never the other way round',
      severity: 'error',
      from: { path: [DOMAIN, DATABASE].join('|') },
      to: { path: OPERATIONS },
    },
    {
      name: 'outbound-imports-no-domain-module',
      comment:
        'the outbound guard (SSRF protection) is used by the crawler, images, webhooks, claims and OAuth, and knows none of them: it imports only its own files, src/security and src/observability',
      severity: 'error',
      from: { path: '^src/outbound/' },
      to: { path: '^(src|tools|rest|auth)/', pathNot: '^src/(outbound|security|observability)/' },
    },
    {
      name: 'database-imports-only-database',
      severity: 'error',
      from: { path: DATABASE },
      to: { path: '^(src|tools|rest|auth)/', pathNot: DATABASE },
    },
    {
      name: 'every-module-has-a-layer',
      comment: 'a new top-level module must be placed in a layer above (and in the README)',
      severity: 'error',
      from: { path: '^(src|tools|rest|auth)/', pathNot: [ADAPTERS, WEB, OPERATIONS, DOMAIN, DATABASE].join('|') },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'no import cycles at run time (type-only imports and the ORM entities, which refer to each other lazily, aside)',
      severity: 'error',
      from: { path: '^(src|tools|rest|auth)/', pathNot: '^src/db/entities/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'declared-dependencies-only',
      comment: 'every package imported is in package.json',
      severity: 'error',
      from: { path: '^(src|tools|rest|auth|test|bench)/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-dev-dependencies-in-production',
      severity: 'error',
      from: { path: '^(src|tools|rest|auth)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.json'] },
    moduleSystems: ['es6'],
  },
};
