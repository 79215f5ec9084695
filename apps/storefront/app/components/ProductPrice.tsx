import { catalogT } from '../messages-catalog';

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
          ? catalogT.format('product.lowStock', { count: lowStockRemaining })
          : catalogT.format('product.inStock')
        : catalogT.format('productCard.outOfStock')}
    </p>
  );
}
