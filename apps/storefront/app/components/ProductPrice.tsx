import { Price, type Currency } from '@cartwright/ui-components';
import { shopT } from '../messages';

/** A variable product's price before a choice: "$13.00 – $42.00", read as a range. */
export function PriceRange({
  min,
  max,
  currency,
}: {
  min: string;
  max: string;
  currency: Currency;
}) {
  return (
    <span className="price-range">
      <Price amount={min} currency={currency} /> <span aria-hidden="true">–</span>
      <span className="cw-visually-hidden"> to </span> <Price amount={max} currency={currency} />
    </span>
  );
}

/**
 * The product page's stock line: in stock, only a few left, or out of stock. It is a polite
 * live region, so a choice of options that changes it is read out.
 */
export function StockLine({
  inStock,
  lowStockRemaining,
}: {
  inStock: boolean;
  lowStockRemaining: number | null;
}) {
  return (
    <p className={inStock ? 'stock in-stock' : 'stock out-of-stock'} aria-live="polite">
      {inStock
        ? lowStockRemaining !== null
          ? shopT.format('product.lowStock', { count: lowStockRemaining })
          : shopT.format('product.inStock')
        : shopT.format('productCard.outOfStock')}
    </p>
  );
}
