/**
 * Catalogue prices as the shop shows them (`woocommerce_tax_display_shop`): a Store API product's
 * amounts and price markup with the store base's tax added or taken out when the display setting
 * and the way prices are entered differ. Unchanged when the store does not calculate tax.
 */
import { displayPrice, type TaxConfig } from '../cart/tax';
import { amountHtml, priceHtml, type StoreApiProduct } from './serialize';
import { priceRangeHtml } from './variation-serialize';

/** Whether showing prices changes them at all for this configuration. */
export function displayChangesPrices(config: TaxConfig): boolean {
  const { calcTaxes, pricesIncludeTax, displayShop } = config.settings;
  return calcTaxes && pricesIncludeTax !== (displayShop === 'incl');
}

/** The product with its prices as the shop shows them. */
export function withShopPrices(product: StoreApiProduct, config: TaxConfig): StoreApiProduct {
  if (!displayChangesPrices(config)) return product;
  const shown = (amount: string) =>
    displayPrice(Number(amount), config, config.settings.displayShop);
  const price = shown(product.prices.price);
  const regular = shown(product.prices.regular_price);
  const sale = shown(product.prices.sale_price);
  const range = product.prices.price_range;
  const min = range === null ? price : shown(range.min_amount);
  const max = range === null ? price : shown(range.max_amount);
  let html: string;
  if (range !== null) html = priceRangeHtml(min, max);
  else if (product.type === 'variable') html = amountHtml(price);
  else html = priceHtml(regular, product.on_sale ? sale : null);
  return {
    ...product,
    prices: {
      ...product.prices,
      price: String(price),
      regular_price: String(regular),
      sale_price: String(sale),
      price_range: range === null ? null : { min_amount: String(min), max_amount: String(max) },
    },
    // An empty price (a variable product without variations) stays empty.
    price_html: product.price_html === '' ? '' : html,
  };
}
