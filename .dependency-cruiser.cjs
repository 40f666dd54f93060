// Import boundaries, checked by `npm run check` (README "Layout", docs/decisions/layers.md).
// Paths are relative to the directory depcruise runs in (the repo root, or a test's fixture tree).

/** Layers of src/, lowest first: a file may import its own layer and the ones before it. */
const LAYERS = ['domain', 'http', 'local', 'api', 'widgets', 'features', 'routes', 'app'];
/** Where ui/ (pure presentation) may be imported from: widgets and up. */
const UI_FROM = LAYERS.indexOf('widgets');
/**
 * Packages src/domain/ may import: only pure, isomorphic ones, each a design decision (write it
 * in docs/decisions.md). zod: the shared validators are zod schemas; zod has no DOM, node or I/O.
 */
const DOMAIN_PACKAGES = ['zod'];

const folders = (names) => `^src/(${names.join('|')})/`;

/**
 * The path aliases (`@domain/…`, `@ui/…`) tsconfig.json defines; scripts/check-layers.mjs resolves
 * them to their folders, so an aliased import meets the same rules as the relative one.
 */
const ALIASES = Object.keys(require('./tsconfig.json').compilerOptions.paths ?? {}).map((name) =>
  name.replace(/\/\*$/, '/'),
);

function layerRules() {
  return LAYERS.flatMap((layer, rank) => {
    const allowed = LAYERS.slice(0, rank + 1).concat(rank >= UI_FROM ? ['ui'] : []);
    const higher = LAYERS.slice(rank + 1).concat(rank >= UI_FROM ? [] : ['ui']);
    if (higher.length === 0) return [];
    return [
      {
        name: `layer-${layer}`,
        comment: `src/${layer}/ imports only ${allowed.map((l) => `${l}/`).join(', ')} (layers point one way)`,
        severity: 'error',
        from: { path: `^src/${layer}/` },
        to: { path: folders(higher) },
      },
    ];
  });
}

/** Layers of the operator console (admin/src/), lowest first, like the shop's (docs/decisions/operator-console.md). */
const CONSOLE_LAYERS = ['api', 'widgets', 'pages', 'app'];

function consoleLayerRules() {
  return CONSOLE_LAYERS.slice(0, -1).map((layer, rank) => ({
    name: `console-layer-${layer}`,
    comment: `admin/src/${layer}/ imports only ${CONSOLE_LAYERS.slice(0, rank + 1).join('/, ')}/ of the console (layers point one way)`,
    severity: 'error',
    from: { path: `^admin/src/${layer}/` },
    to: { path: `^admin/src/(${CONSOLE_LAYERS.slice(rank + 1).join('|')})/` },
  }));
}

/**
 * Ranks of server/, lowest first (README "Layout", docs/decisions/layers.md): a file imports its own
 * part and the ranks below it; parts that share a rank never import each other. Each part is a
 * folder (`db/`) or a file at server/'s root (`app.ts`); every file of server/ is in one.
 */
const SERVER_RANKS = [
  // Where the checkout is, from source or built (dist-server/).
  { root: ['project-root.ts'] },
  // The schema, the connection, transactions.
  { db: ['db/'] },
  // What an app is built from and its request context; the payment, SMS and WeChat contracts it is given; its log.
  { shape: ['deps.ts', 'env.ts', 'payment-gateway.ts', 'sms-sender.ts', 'wechat-login.ts', 'log.ts'] },
  // What one process knows of the others: its start's id, the starts still running, news to the other workers.
  { cluster: ['cluster/'] },
  // The HTTP edge (envelope, bodies, validation, static files), and the chat frame's own assets.
  { http: ['http/'], 'chat-frame': ['chat-frame/'] },
  { auth: ['auth/'] },
  { services: ['services/'] },
  // Above the services they use: the routes, the demo data, and the operator's tools (settings, backups, workers).
  { routes: ['routes/'], seed: ['seed/'], ops: ['ops/'] },
  { app: ['app.ts'] },
  // One server process: database, demo data on first run, the app, the sweepers.
  { index: ['index.ts'] },
  // The entries: `npm start` and a forked worker.
  { start: ['start.ts'], worker: ['worker.ts'] },
];

const serverPath = (entries) =>
  `^server/(${entries.map((e) => (e.endsWith('/') ? e.replace(/\./g, '\\.') : `${e.replace(/\./g, '\\.')}$`)).join('|')})`;

function serverRankRules() {
  return SERVER_RANKS.flatMap((rank, index) =>
    Object.entries(rank).flatMap(([part, entries]) => {
      const siblings = Object.entries(rank)
        .filter(([other]) => other !== part)
        .map(([other]) => other);
      const higher = SERVER_RANKS.slice(index + 1).flatMap((r) => Object.keys(r));
      const forbidden = siblings.concat(higher);
      if (forbidden.length === 0) return [];
      const entriesOf = (name) => SERVER_RANKS.map((r) => r[name]).find(Boolean);
      return [
        {
          name: `server-rank-${part}`,
          comment: `server/${entries.join(', server/')} imports only lower ranks of server/ (${SERVER_RANKS.slice(
            0,
            index,
          )
            .flatMap((r) => Object.keys(r))
            .join(', ')}), never ${forbidden.join(', ')} (ranks point one way)`,
          severity: 'error',
          from: { path: serverPath(entries) },
          to: { path: serverPath(forbidden.flatMap(entriesOf)) },
        },
      ];
    }),
  );
}

const SERVER_RANKED = serverPath(SERVER_RANKS.flatMap((rank) => Object.values(rank).flat()));

module.exports = {
  forbidden: [
    ...consoleLayerRules(),
    {
      name: 'console-shares-pure-code-only',
      comment:
        'The console shares only the pure layers of the shop (src/domain, src/ui): no shop api, store, features or app',
      severity: 'error',
      from: { path: '^admin/' },
      to: { path: '^(src|server|sw|tests|bench|scripts)/', pathNot: '^src/(domain|ui)/' },
    },
    {
      name: 'console-pages-isolated',
      comment: 'A console page folder never imports another page folder: share through widgets/ or api/',
      severity: 'error',
      from: { path: '^admin/src/pages/([^/]+)/' },
      to: { path: '^admin/src/pages/[^/]+/', pathNot: '^admin/src/pages/$1/' },
    },
    {
      name: 'nothing-imports-console',
      comment: 'The shop, the server and the service worker never import the console (its own bundle)',
      severity: 'error',
      from: { path: '^(src|server|sw)/' },
      to: { path: '^admin/' },
    },
    {
      name: 'resolvable',
      comment: `An import of our own code (relative, or through ${ALIASES.join(', ')}) that cannot be followed would escape every rule`,
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: `^(\\.|${ALIASES.join('|')})` },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules(),
    ...serverRankRules(),
    {
      name: 'server-ranked',
      comment:
        'Every file of server/ is in one of its ranks (SERVER_RANKS): a new folder or root file is given its place there',
      severity: 'error',
      from: { path: '^server/', pathNot: SERVER_RANKED },
      to: {},
    },
    {
      name: 'main-is-app',
      comment: 'src/main.tsx is the app entry: it may import anything in src/, but nothing imports it',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/main\\.tsx$' },
    },
    {
      name: 'ui-pure',
      comment: 'src/ui/ is pure presentation: it imports only domain/ and itself from src/',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/', pathNot: folders(['domain', 'ui']) },
    },
    {
      name: 'domain-pure',
      comment: `src/domain/ imports only itself and ${DOMAIN_PACKAGES.join(', ')} (no react, dexie, node:*, …)`,
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        // (^|/): node_modules may be a link to another checkout's (a git worktree), resolved to ../…/node_modules.
        pathNot: ['^src/domain/', ...DOMAIN_PACKAGES.map((name) => `(^|/)node_modules/${name}/`)],
      },
    },
    {
      name: 'feature-isolation',
      comment: 'A feature never imports another feature: share through widgets/, ui/, api/, local/ or domain/',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'local-entry',
      comment: 'Outside src/local/ (tests excepted) import local/ only through src/local/index.ts',
      severity: 'error',
      from: { pathNot: '^(src/local|tests)/' },
      to: { path: '^src/local/', pathNot: '^src/local/index\\.ts$' },
    },
    {
      name: 'src-not-to-outside',
      comment: 'The PWA (src/) never imports the server, the service worker or tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|sw|tests|bench|scripts)/' },
    },
    {
      name: 'server-only-domain',
      comment: 'server/ shares only src/domain/ with the PWA',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|sw|tests|bench|scripts)/', pathNot: '^src/domain/' },
    },
    {
      name: 'sw-only-domain',
      comment: 'sw/ imports only its own files and src/domain/',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: '^(src|server|tests|bench|scripts)/', pathNot: '^src/domain/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 ships no JavaScript compiler API, so dependency-cruiser cannot use tsc (and
    // with it `tsPreCompilationDeps`, which would only warn that tsc is missing). swc parses the
    // source as written, `import type` included, so type-only imports count for cycles and layers
    // (tests/unit/check-layers.test.ts plants a type-only cycle to prove it).
    parser: 'swc',
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
