import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { options } from '../db/schema';
import { RestError, invalidParams, type InvalidParam } from '../http/rest-error';
import { DEFAULT_TAX_SETTINGS, type TaxSettings } from '../cart/tax';

/** WooCommerce's default store notice text (`woocommerce_demo_store_notice`, wire contract §2.1). */
export const DEFAULT_STORE_NOTICE =
  'This is a demo store for testing purposes \u2014 no orders shall be fulfilled.';

/** Longest store notice text the store accepts, in characters. */
export const MAX_STORE_NOTICE_LENGTH = 2000;

/** The WordPress option names behind {@link SiteSettings}. */
export const SITE_OPTIONS = {
  storeNoticeEnabled: 'woocommerce_demo_store',
  storeNoticeText: 'woocommerce_demo_store_notice',
  comingSoon: 'woocommerce_coming_soon',
  calcTaxes: 'woocommerce_calc_taxes',
  pricesIncludeTax: 'woocommerce_prices_include_tax',
  taxDisplayShop: 'woocommerce_tax_display_shop',
  taxDisplayCart: 'woocommerce_tax_display_cart',
} as const;

/** The site-wide settings an administrator changes: the store notice, coming-soon mode, tax. */
export interface SiteSettings {
  storeNotice: { enabled: boolean; text: string };
  /** `woocommerce_coming_soon`: the store is only visible to its managers. */
  comingSoon: boolean;
  /** WooCommerce's tax options (cart/tax.ts). */
  tax: TaxSettings;
}

/** A change to {@link SiteSettings}; absent fields keep their value. */
export interface SiteSettingsChange {
  storeNotice?: { enabled?: boolean; text?: string };
  comingSoon?: boolean;
  tax?: Partial<TaxSettings>;
}

/** The tax options as stored (`yes`/`no`, `incl`/`excl`), over WooCommerce's defaults. */
export function taxSettingsOf(value: ReadonlyMap<string, string>): TaxSettings {
  const display = (name: string, fallback: 'incl' | 'excl') => {
    const stored = value.get(name);
    return stored === 'incl' || stored === 'excl' ? stored : fallback;
  };
  return {
    calcTaxes: (value.get(SITE_OPTIONS.calcTaxes) ?? 'no') === 'yes',
    pricesIncludeTax: (value.get(SITE_OPTIONS.pricesIncludeTax) ?? 'no') === 'yes',
    displayShop: display(SITE_OPTIONS.taxDisplayShop, DEFAULT_TAX_SETTINGS.displayShop),
    displayCart: display(SITE_OPTIONS.taxDisplayCart, DEFAULT_TAX_SETTINGS.displayCart),
  };
}

/** Reads only the tax options. */
export async function readTaxSettings(db: Database): Promise<TaxSettings> {
  const names = [
    SITE_OPTIONS.calcTaxes,
    SITE_OPTIONS.pricesIncludeTax,
    SITE_OPTIONS.taxDisplayShop,
    SITE_OPTIONS.taxDisplayCart,
  ];
  const rows = await db.select().from(options).where(inArray(options.name, names));
  return taxSettingsOf(new Map(rows.map((row) => [row.name, row.value])));
}

/**
 * The notice's id: the md5 of its text, as WooCommerce's `data-notice-id`, so the dismissal cookie
 * `store_notice{id}` stops matching when the text changes (wire contract §2.1, silent part 18).
 */
export function storeNoticeId(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Reads the settings; options never written take WooCommerce's defaults (notice off, live store). */
export async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db
    .select()
    .from(options)
    .where(inArray(options.name, Object.values(SITE_OPTIONS)));
  const value = new Map(rows.map((row) => [row.name, row.value]));
  return {
    storeNotice: {
      enabled: value.get(SITE_OPTIONS.storeNoticeEnabled) === 'yes',
      text: value.get(SITE_OPTIONS.storeNoticeText) ?? DEFAULT_STORE_NOTICE,
    },
    comingSoon: value.get(SITE_OPTIONS.comingSoon) === 'yes',
    tax: taxSettingsOf(value),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `true`/`false`, or the strings WordPress forms send (`yes`/`no`, `1`/`0`, `true`/`false`). */
function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'yes' || value === '1' || value === 'true') return true;
  if (value === 'no' || value === '0' || value === 'false') return false;
  return undefined;
}

/**
 * Reads a settings change from a request body: JSON `{store_notice: {enabled, text},
 * coming_soon}`, or the flat form fields `store_notice_enabled`, `store_notice_text`, `coming_soon`.
 *
 * @throws {RestError} 400 `rest_invalid_param` naming every bad field
 */
export function parseSiteSettingsChange(body: unknown): SiteSettingsChange {
  const input = isRecord(body) ? body : {};
  const notice = isRecord(input.store_notice) ? input.store_notice : {};
  const problems: InvalidParam[] = [];
  const change: SiteSettingsChange = {};
  const noticeChange: { enabled?: boolean; text?: string } = {};

  const enabledRaw = notice.enabled ?? input.store_notice_enabled;
  if (enabledRaw !== undefined) {
    const enabled = booleanOf(enabledRaw);
    if (enabled === undefined) {
      problems.push({
        name: 'store_notice.enabled',
        code: 'rest_invalid_type',
        message: 'store_notice.enabled is not of type boolean.',
      });
    } else noticeChange.enabled = enabled;
  }
  const textRaw = notice.text ?? input.store_notice_text;
  if (textRaw !== undefined) {
    if (typeof textRaw !== 'string') {
      problems.push({
        name: 'store_notice.text',
        code: 'rest_invalid_type',
        message: 'store_notice.text is not of type string.',
      });
    } else if (textRaw.includes('\0') || textRaw.length > MAX_STORE_NOTICE_LENGTH) {
      problems.push({
        name: 'store_notice.text',
        code: 'rest_invalid_param',
        message: `store_notice.text must be text of at most ${MAX_STORE_NOTICE_LENGTH} characters.`,
      });
    } else noticeChange.text = textRaw.trim();
  }
  if (input.store_notice !== undefined && !isRecord(input.store_notice)) {
    problems.push({
      name: 'store_notice',
      code: 'rest_invalid_type',
      message: 'store_notice is not of type object.',
    });
  }
  if (input.coming_soon !== undefined) {
    const comingSoon = booleanOf(input.coming_soon);
    if (comingSoon === undefined) {
      problems.push({
        name: 'coming_soon',
        code: 'rest_invalid_type',
        message: 'coming_soon is not of type boolean.',
      });
    } else change.comingSoon = comingSoon;
  }
  const tax = parseTaxChange(input.tax, problems);
  if (tax !== undefined) change.tax = tax;
  if (problems.length > 0) throw invalidParams(problems);
  if (noticeChange.enabled !== undefined || noticeChange.text !== undefined) {
    change.storeNotice = noticeChange;
  }
  if (
    change.storeNotice === undefined &&
    change.comingSoon === undefined &&
    change.tax === undefined
  ) {
    throw new RestError('rest_missing_callback_param', 'Missing parameter(s): settings', 400, {
      params: ['store_notice', 'coming_soon', 'tax'],
    });
  }
  return change;
}

/**
 * Reads `tax: {calc_taxes, prices_include_tax, tax_display_shop, tax_display_cart}` (booleans
 * or `yes`/`no`; `incl`/`excl`), adding a problem per bad field.
 */
function parseTaxChange(raw: unknown, problems: InvalidParam[]): Partial<TaxSettings> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) {
    problems.push({
      name: 'tax',
      code: 'rest_invalid_type',
      message: 'tax is not of type object.',
    });
    return undefined;
  }
  const change: Partial<TaxSettings> = {};
  const flags = [
    ['calc_taxes', 'calcTaxes'],
    ['prices_include_tax', 'pricesIncludeTax'],
  ] as const;
  for (const [field, key] of flags) {
    if (raw[field] === undefined) continue;
    const flag = booleanOf(raw[field]);
    if (flag === undefined) {
      problems.push({
        name: `tax.${field}`,
        code: 'rest_invalid_type',
        message: `tax.${field} is not of type boolean.`,
      });
    } else change[key] = flag;
  }
  const displays = [
    ['tax_display_shop', 'displayShop'],
    ['tax_display_cart', 'displayCart'],
  ] as const;
  for (const [field, key] of displays) {
    const value = raw[field];
    if (value === undefined) continue;
    if (value === 'incl' || value === 'excl') change[key] = value;
    else {
      problems.push({
        name: `tax.${field}`,
        code: 'rest_not_in_enum',
        message: `tax.${field} is not one of incl and excl.`,
      });
    }
  }
  return Object.keys(change).length === 0 ? undefined : change;
}

/** Writes a change (each option upserted) and returns the settings as they now are. */
export async function updateSiteSettings(
  db: Database,
  change: SiteSettingsChange,
): Promise<SiteSettings> {
  const rows: { name: string; value: string }[] = [];
  if (change.storeNotice?.enabled !== undefined) {
    rows.push({
      name: SITE_OPTIONS.storeNoticeEnabled,
      value: change.storeNotice.enabled ? 'yes' : 'no',
    });
  }
  if (change.storeNotice?.text !== undefined) {
    rows.push({ name: SITE_OPTIONS.storeNoticeText, value: change.storeNotice.text });
  }
  if (change.comingSoon !== undefined) {
    rows.push({ name: SITE_OPTIONS.comingSoon, value: change.comingSoon ? 'yes' : 'no' });
  }
  const tax = change.tax ?? {};
  if (tax.calcTaxes !== undefined) {
    rows.push({ name: SITE_OPTIONS.calcTaxes, value: tax.calcTaxes ? 'yes' : 'no' });
  }
  if (tax.pricesIncludeTax !== undefined) {
    rows.push({ name: SITE_OPTIONS.pricesIncludeTax, value: tax.pricesIncludeTax ? 'yes' : 'no' });
  }
  if (tax.displayShop !== undefined) {
    rows.push({ name: SITE_OPTIONS.taxDisplayShop, value: tax.displayShop });
  }
  if (tax.displayCart !== undefined) {
    rows.push({ name: SITE_OPTIONS.taxDisplayCart, value: tax.displayCart });
  }
  if (rows.length > 0) {
    await db
      .insert(options)
      .values(rows)
      .onConflictDoUpdate({ target: options.name, set: { value: sql`excluded.value` } });
  }
  return readSiteSettings(db);
}
