/**
 * The layers, top to bottom (README, "How it is built"); nothing imports from a layer above its own:
 *   adapters   rest/, auth/, src/mcp/, src/site/, src/console/, src/admin/, src/cli/, src/app.ts, src/main.ts (composition)
 *   web        src/web/: what the adapters share (problem answers, paths, middleware)
 *   operations tools/, src/registry/, src/services.ts
 *   domain     the modules in NEIGHBOURS below, each a room that imports only the neighbours it declares
 *              (src/outbound, the guard of every request to an address someone else chose, sits low beside src/security)
 *   database   src/db/
 * Checked in CI by `npm run check:layers`.
 */
const ADAPTERS = '^(rest|auth)/|^src/(mcp|admin|cli|site|console)/|^src/(app|main)\\.ts$';
const WEB = '^src/web/';
const OPERATIONS = '^tools/|^src/registry/|^src/services\\.ts$';
/**
 * The domain's rooms and their declared neighbours: what each domain module may import besides itself and src/db.
 * Type-only imports count. The declared graph must have no cycle (checked below, when this file loads), so no two
 * modules can come to import each other, however indirectly. A new module is declared here, low to high.
 */
const NEIGHBOURS = {
  text: [],
  errors: [],
  caching: [],
  security: ['errors'],
  config: ['security'],
  schema: ['text'],
  observability: [],
  logging: ['observability'],
  outbound: ['observability', 'security'],
  mail: ['text'],
  jobs: ['logging', 'mail', 'observability'],
  metrics: ['config'],
  badges: ['schema', 'text'],
  crawler: ['observability', 'outbound', 'security', 'text'],
  images: ['crawler', 'errors', 'outbound', 'security'],
  catalogue: ['caching', 'errors', 'images', 'schema', 'security'],
  'rate-limit': ['catalogue', 'errors'],
  staff: ['catalogue', 'errors', 'schema', 'text'],
  webhooks: ['errors', 'jobs', 'logging', 'mail', 'observability', 'outbound', 'schema', 'security'],
  cards: ['caching', 'catalogue', 'images'],
  listings: ['badges', 'catalogue', 'crawler', 'errors', 'images', 'jobs', 'mail', 'rate-limit', 'schema', 'webhooks'],
  community: ['catalogue', 'errors', 'jobs', 'listings', 'logging', 'mail', 'rate-limit', 'schema', 'security', 'staff', 'text', 'webhooks'],
  accounts: ['catalogue', 'community', 'errors', 'schema', 'security', 'text'],
  drafting: ['accounts', 'catalogue', 'config', 'crawler', 'errors', 'images', 'jobs', 'listings', 'logging', 'observability', 'schema', 'security', 'text', 'webhooks'],
  claims: ['catalogue', 'crawler', 'errors', 'mail', 'outbound', 'schema', 'security', 'webhooks'],
  orders: ['catalogue', 'errors', 'listings', 'schema', 'staff', 'text', 'webhooks'],
  payments: ['accounts', 'config', 'errors', 'logging', 'orders', 'staff'],
  moderation: ['catalogue', 'community', 'errors', 'jobs', 'listings', 'mail', 'rate-limit', 'schema', 'staff', 'text'],
  editorial: ['catalogue', 'errors', 'schema', 'staff', 'text'],
  seed: ['catalogue', 'community', 'images', 'text'],
  subscriptions: ['accounts', 'catalogue', 'community', 'errors', 'jobs', 'mail', 'rate-limit', 'security', 'text'],
  schedule: ['accounts', 'catalogue', 'claims', 'community', 'crawler', 'drafting', 'jobs', 'listings', 'logging', 'mail', 'metrics', 'security', 'seed', 'subscriptions', 'webhooks'],
};
/** Modules that are one file (src/errors.ts) rather than a folder. */
const ONE_FILE = new Set(['errors', 'schema', 'config']);
const roomPath = (name) => (ONE_FILE.has(name) ? `^src/${name}\\.ts$` : `^src/${name}/`);

/** A cycle in the declared neighbours, as a list of modules, or undefined. */
function declaredCycle(neighbours) {
  const state = {};
  const visit = (name, trail) => {
    if (state[name] === 'done') return undefined;
    if (state[name] === 'open') return [...trail.slice(trail.indexOf(name)), name];
    state[name] = 'open';
    for (const next of neighbours[name] ?? []) {
      if (!(next in neighbours)) throw new Error(`.dependency-cruiser.cjs: ${name} declares ${next}, which is not a domain module`);
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    state[name] = 'done';
    return undefined;
  };
  for (const name of Object.keys(neighbours)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return undefined;
}
const cycle = declaredCycle(NEIGHBOURS);
if (cycle) throw new Error(`.dependency-cruiser.cjs: the declared domain neighbours run in a circle: ${cycle.join(' -> ')}`);

const DOMAIN = Object.keys(NEIGHBOURS).map(roomPath).join('|');

/** One rule a room: its files import no domain module it has not declared. */
const ROOM_RULES = Object.entries(NEIGHBOURS).map(([name, neighbours]) => ({
  name: `room-${name}`,
  comment: `src/${name} may import only ${neighbours.length ? neighbours.join(', ') : 'no other domain module'} (and src/db); declared in NEIGHBOURS`,
  severity: 'error',
  from: { path: roomPath(name) },
  to: { path: DOMAIN, pathNot: [name, ...neighbours].map(roomPath).join('|') },
}));
const DATABASE = '^src/db/';

module.exports = {
  forbidden: [
    ...ROOM_RULES,
    {
      name: 'below-adapters-import-no-adapter',
      comment: 'web, operations, domain and database code never import an adapter (REST, MCP, auth pages, CLI, the composition root)',
      severity: 'error',
      from: { path: [WEB, OPERATIONS, DOMAIN, DATABASE].join('|') },
      to: { path: ADAPTERS },
    },
    {
      name: 'adapters-stand-side-by-side',
      comment:
        'REST, MCP, the sign-in pages (auth/) and the public site share pieces through src/web (the site gets sessions, CSRF and the form guard as the PageKit the composition root hands it), never by importing each other',
      severity: 'error',
      from: { path: '^(rest|auth|src/mcp|src/site)/' },
      to: { path: '^(rest|auth|src/mcp|src/site)/', pathNot: '^$1/' },
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
      comment: 'no import cycles between files, type-only imports included (the ORM entities, which refer to each other lazily, aside)',
      severity: 'error',
      from: { path: '^(src|tools|rest|auth)/', pathNot: '^src/db/entities/' },
      to: { circular: true },
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
