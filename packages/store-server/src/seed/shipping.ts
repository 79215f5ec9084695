/**
 * The demo shop's shipping: zones and methods a small shop in San Francisco would set up.
 * Written once (an option marks it), so a shop owner who deletes or edits the zones keeps
 * their own; `seed: false` stores have none, and with no shipping method a cart needs no
 * shipping (as in WooCommerce).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { options, shippingZoneMethods, shippingZones } from '../db/schema';

const SEEDED_OPTION = 'cartwright_shipping_seeded';

type MethodSeed = Omit<typeof shippingZoneMethods.$inferInsert, 'zoneId' | 'position'>;

/** The zones in match order (zone 0, "locations not covered", last). Money in cents. */
export const DEMO_SHIPPING: readonly {
  name: string;
  locations: { type: 'country' | 'state' | 'postcode'; code: string }[];
  methods: MethodSeed[];
}[] = [
  {
    name: 'California',
    locations: [{ type: 'state', code: 'US:CA' }],
    methods: [
      { methodId: 'flat_rate', title: 'Flat rate', cost: 500 },
      { methodId: 'free_shipping', title: 'Free shipping', minAmount: 5000 },
      { methodId: 'local_pickup', title: 'Local pickup', cost: 0 },
    ],
  },
  {
    name: 'United States',
    locations: [{ type: 'country', code: 'US' }],
    methods: [
      { methodId: 'flat_rate', title: 'Flat rate', cost: 800 },
      { methodId: 'free_shipping', title: 'Free shipping', minAmount: 7500 },
    ],
  },
  {
    name: 'Europe',
    locations: ['GB', 'DE', 'FR', 'IE', 'NL', 'BE', 'ES', 'IT', 'AT', 'CH'].map((code) => ({
      type: 'country' as const,
      code,
    })),
    methods: [{ methodId: 'flat_rate', title: 'International flat rate', cost: 1500 }],
  },
  {
    name: 'Locations not covered by your other zones',
    locations: [],
    methods: [{ methodId: 'flat_rate', title: 'International flat rate', cost: 2500 }],
  },
];

/** Writes the demo zones unless they were written before. Returns whether it wrote. */
export async function seedShipping(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(options)
      .values({ name: SEEDED_OPTION, value: 'yes' })
      .onConflictDoNothing()
      .returning({ name: options.name });
    if (inserted.length === 0) return false;
    for (const [position, zone] of DEMO_SHIPPING.entries()) {
      let zoneId = 0;
      if (zone.locations.length > 0) {
        const [row] = await tx
          .insert(shippingZones)
          .values({ name: zone.name, position, locations: zone.locations })
          .returning({ id: shippingZones.id });
        zoneId = row!.id;
      }
      await tx
        .insert(shippingZoneMethods)
        .values(zone.methods.map((method, index) => ({ ...method, zoneId, position: index })));
    }
    return true;
  });
}

/** Whether the demo shipping was written (for tests and the CLI). */
export async function shippingSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select().from(options).where(eq(options.name, SEEDED_OPTION));
  return row !== undefined;
}
