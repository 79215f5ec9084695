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

export interface DiscoveredFeatures {
  features: StoreFeatures;
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
  return { features, notes };
}
