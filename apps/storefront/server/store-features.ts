/**
 * What the store behind the storefront offers beyond WooCommerce's own routes, read once at start
 * from its REST index (`GET /wp-json/`, `namespaces`). The embedded store offers everything; a
 * WooCommerce without the Cartwright routes offers none of them, and the pages that need them are
 * left out instead of failing.
 */
export interface StoreFeatures {
  /** `cartwright/v1/account…`: login, registration, orders and addresses under /my-account/. */
  account: boolean;
  /** `woocommerce-analytics/v1/track`: store analytics events (Jetpack's WooCommerce Analytics). */
  analytics: boolean;
}

export const ALL_FEATURES: StoreFeatures = { account: true, analytics: true };

/** The namespace each feature needs, and what a shopper loses without it. */
const NEEDS: Record<keyof StoreFeatures, { namespace: string; without: string }> = {
  account: {
    namespace: 'cartwright/v1',
    without: 'my account (login, registration, orders, addresses) is off',
  },
  analytics: {
    namespace: 'woocommerce-analytics/v1',
    without: 'store analytics events are not sent',
  },
};

/** The site's name and tagline (WordPress's `blogname` and `blogdescription`). */
export interface SiteIdentity {
  name: string;
  description: string;
}

/** The embedded demo store's identity (the name it is started with). */
export const DEMO_SITE: SiteIdentity = {
  name: 'Cartwright Demo Store',
  description: 'Cartwright Demo Store: a WooCommerce-compatible shop.',
};

/** WordPress keeps these options HTML-escaped (`Bob&#039;s`); the page wants the text. */
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
export function decodeOptionText(value: string): string {
  return value.replace(
    /&(#\d{1,7}|#x[\da-f]{1,6}|amp|quot|lt|gt|apos);/gi,
    (whole, ref: string) => {
      const lower = ref.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower]!;
      const code = lower.startsWith('#x')
        ? parseInt(lower.slice(2), 16)
        : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

function identityOf(body: Record<string, unknown>): SiteIdentity | null {
  const name = typeof body.name === 'string' ? decodeOptionText(body.name).trim() : '';
  if (name === '') return null;
  const description =
    typeof body.description === 'string' ? decodeOptionText(body.description).trim() : '';
  return { name: name.slice(0, 200), description: description.slice(0, 500) };
}

export interface DiscoveredFeatures {
  features: StoreFeatures;
  /** The store's name and tagline from its index; null when the index gave none. */
  site: SiteIdentity | null;
  /** One line per feature that is off, saying why (for the start-up log). */
  notes: string[];
}

/** Reads the store's REST index and says which features its namespaces allow. */
export async function discoverStoreFeatures(
  restRoot: string,
  fetchImpl: typeof fetch = fetch,
): Promise<DiscoveredFeatures> {
  let namespaces: readonly unknown[] | undefined;
  let problem: string | undefined;
  let site: SiteIdentity | null = null;
  try {
    const response = await fetchImpl(restRoot, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = response.ok ? await response.json() : undefined;
    const listed =
      typeof body === 'object' && body !== null
        ? (body as { namespaces?: unknown }).namespaces
        : undefined;
    if (typeof body === 'object' && body !== null) {
      site = identityOf(body as Record<string, unknown>);
    }
    if (Array.isArray(listed)) namespaces = listed;
    else problem = `${restRoot} answered ${response.status} without a list of namespaces`;
  } catch (error) {
    problem = `${restRoot} could not be read (${error instanceof Error ? error.message : String(error)})`;
  }
  const features = { ...ALL_FEATURES };
  const notes: string[] = [];
  for (const name of Object.keys(NEEDS) as (keyof StoreFeatures)[]) {
    const { namespace, without } = NEEDS[name];
    if (namespaces?.includes(namespace)) continue;
    features[name] = false;
    notes.push(
      `${without}: ${problem ?? `the store has no ${namespace} routes (${name === 'account' ? 'the Cartwright companion plugin is not installed' : 'WooCommerce Analytics is not active'})`}`,
    );
  }
  return { features, site, notes };
}
