/**
 * Tax's I/O: the store's rates and tax options from the database, and the demo shop's rates.
 * Pricing reads them for every cart it prices (cart/shipping-store.ts), so a changed setting or
 * rate applies to the next answer.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { options, taxRates } from '../db/schema';
import { readTaxSettings } from '../site/settings';
import type { TaxConfig, TaxRate } from './tax';

/** Every rate, in WooCommerce's order (priority, then position). */
export async function loadTaxRates(db: Database): Promise<TaxRate[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.priority), asc(taxRates.position), asc(taxRates.id));
  return rows.map((row) => ({
    id: row.id,
    country: row.country,
    state: row.state,
    rate: row.rate,
    name: row.name,
    priority: row.priority,
    compound: row.compound,
    shipping: row.shipping,
    order: row.position,
  }));
}

/** The tax options and, when the store calculates tax, its rates. */
export async function loadTaxConfig(db: Database): Promise<TaxConfig> {
  const settings = await readTaxSettings(db);
  return { settings, rates: settings.calcTaxes ? await loadTaxRates(db) : [] };
}

const SEEDED_OPTION = 'cartwright_tax_seeded';

/**
 * The demo shop's rates: California's and New York's state rates, Canada's GST country-wide
 * and Australia's GST. Shipping is taxed where those places tax it (not in the two US states).
 */
export const DEMO_TAX_RATES: readonly (typeof taxRates.$inferInsert)[] = [
  { country: 'US', state: 'CA', rate: '7.2500', name: 'CA Tax', shipping: false },
  { country: 'US', state: 'NY', rate: '4.0000', name: 'NY Tax', shipping: false },
  { country: 'CA', state: '', rate: '5.0000', name: 'GST', shipping: true },
  { country: 'AU', state: '', rate: '10.0000', name: 'GST', shipping: true },
];

/**
 * Writes the demo rates unless they were written before (an option marks it, so an owner who
 * deletes them keeps that). Taxes stay off (`woocommerce_calc_taxes` no, WooCommerce's default
 * and the lab's) until an administrator turns them on. Returns whether it wrote.
 */
export async function seedTaxRates(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(options)
      .values({ name: SEEDED_OPTION, value: 'yes' })
      .onConflictDoNothing()
      .returning({ name: options.name });
    if (inserted.length === 0) return false;
    await tx
      .insert(taxRates)
      .values(DEMO_TAX_RATES.map((rate, position) => ({ ...rate, position })));
    return true;
  });
}
