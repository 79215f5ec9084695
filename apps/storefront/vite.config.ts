import { reactRouter } from '@react-router/dev/vite';
import { createRequire } from 'node:module';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

// Workspace packages are compiled from their source (decision 0004), in the browser
// bundle and the server bundle alike.
const SOURCE = '@cartwright/source';

/**
 * React and React DOM, in one `framework` chunk of the browser build: it changes only when they
 * are upgraded (so a deploy of ours leaves it cached), and bench measures our bytes per route
 * apart from it (bench/lib/route-js.mjs, issue 16).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

/**
 * React Router, in a `router` chunk of its own: only the route modules React Router's build
 * writes import it, and no page loads those (every page is an island page, decision 0088).
 */
const ROUTER = /[\\/]node_modules[\\/](?:react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * The file every page has loaded before any of its code runs (`base`, which the entry imports
 * statically). Preloading it again for a lazy chunk does nothing, so its name is left out of the
 * preload lists (Vite's `__vite__mapDeps`, decision 0063). The framework is not among them since
 * decision 0088: a page loads React only when a shopper first comes to a live part, and the
 * chunks that need it preload it beside themselves.
 */
const ALWAYS_LOADED = /(?:^|\/)base-[\w-]+\.js$/;

/** React's CommonJS entry points that browser code imports. */
const REACT_CJS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];
const FACADE = '\0cw-esm:';

/**
 * React and React DOM are CommonJS: without this, every chunk of ours that imports them imports
 * the bundler's interop helper too, wraps the framework chunk's `require` function with it, and
 * reads each export as a property (`(0,a.useState)(…)`). This plugin puts an ES module in front
 * of each entry point, in the framework chunk, that reads the CommonJS exports once and exports
 * each by name: our chunks import plain bindings, and what no chunk imports is left out
 * (decision 0079). Browser build only: the server's Node loads React as it is.
 */
function reactEsmFacade(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'cartwright:react-esm-facade',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer, options) {
      if (!REACT_CJS.includes(source) || importer?.startsWith(FACADE)) return null;
      if ((options as { kind?: string }).kind === 'require-call') return null;
      return FACADE + source;
    },
    load(id) {
      if (!id.startsWith(FACADE)) return null;
      const source = id.slice(FACADE.length);
      const names = Object.keys(require(source) as object).filter(
        (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default',
      );
      return [
        `import * as m from ${JSON.stringify(source)};`,
        ...names.map((name) => `export const ${name} = m.${name};`),
        `export default m.default;`,
      ].join('\n');
    },
  };
}

type ModuleInfo = { importers: readonly string[]; dynamicImporters: readonly string[] } | null;

/**
 * The island pages' runtime (decisions 0082, 0083): what it runs at load without React
 * (`islands.client`, which the entry imports), and its React half
 * (`islands-hydrate`), which it loads when the page's live parts are first needed.
 */
const ISLANDS_RUNTIME = /[\\/]app[\\/]islands\.client\.tsx$/;
const ISLANDS_HYDRATE = /[\\/]app[\\/]islands-hydrate\.tsx$/;

/** ui-components' deferred announcer: the runtime imports it through the package's index. */
const BASE_MODULES = /[\\/]ui-components[\\/]src[\\/]announcer-deferred\.ts$/;

/**
 * The providers every page's components read (ui-components'): the React half imports them
 * through the package's index, which the bundler does not follow as a dependency.
 */
const PAGE_PROVIDERS =
  /[\\/]ui-components[\\/]src[\\/](?:MessagesProvider|AnnouncerProvider|PageBehaviours)\.tsx$/;

/** True when a module that `importer` matches imports `id` itself. */
const importedBy = (id: string, importer: RegExp, getModuleInfo: (id: string) => ModuleInfo) =>
  getModuleInfo(id)?.importers.some((other) => importer.test(other)) ?? false;

/**
 * The `base` chunk: what an island page runs at load, and every page with it (privacy's consent
 * store and page views, the chunk loader, the deferred announcer), with what those import.
 */
function inIslandBase(id: string, getModuleInfo: (id: string) => ModuleInfo): boolean {
  return BASE_MODULES.test(id) || importedBy(id, ISLANDS_RUNTIME, getModuleInfo);
}

/**
 * The `page` chunk: what the React half hydrates (the layout's live parts, the providers, the
 * island wrapper), with what it imports (the bundler takes a group's modules' dependencies with
 * them): loaded when a shopper first comes to a live part, none at load.
 */
function inIslandPage(id: string, getModuleInfo: (id: string) => ModuleInfo): boolean {
  return PAGE_PROVIDERS.test(id) || importedBy(id, ISLANDS_HYDRATE, getModuleInfo);
}

export default defineConfig({
  plugins: [reactEsmFacade(), reactRouter()],
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  build: {
    assetsInlineLimit: 0,
    // Vite's preload helper stays: without it (`modulePreload: false`) every page loses about
    // 250 B gz, but a lazy chunk's own imports load one round trip after it, and the mini-cart
    // then took 380 ms instead of 142 ms to come alive at 100 ms latency (decision 0063).
    modulePreload: {
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Rolldown's pass that spares a dynamic entry the loads of chunks its importers have
          // loaded already merged route texts into island chunks and made the address engine's
          // `import()` a namespace object, whose helper kept rolldown's runtime in a file every
          // page loads. Without it each page loads 113–160 B less in all (decision 0080).
          experimental: { chunkOptimization: { avoidRedundantChunkLoads: false } },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: (id: string) => FRAMEWORK.test(id) || id.startsWith(FACADE),
                  priority: 5,
                },
                {
                  name: 'router',
                  test: (id: string) => ROUTER.test(id),
                  priority: 4,
                },
                {
                  name: (id, context) =>
                    !FRAMEWORK.test(id) &&
                    !id.startsWith(FACADE) &&
                    inIslandBase(id, (other) => context.getModuleInfo(other))
                      ? 'base'
                      : null,
                  priority: 3,
                },
                {
                  name: (id, context) =>
                    !FRAMEWORK.test(id) &&
                    !id.startsWith(FACADE) &&
                    inIslandPage(id, (other) => context.getModuleInfo(other))
                      ? 'page'
                      : null,
                  priority: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
});
