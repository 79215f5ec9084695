/**
 * The header mini-cart's view of a cart (its lines, subtotal and currency): only the mini-cart's
 * island (components/HeaderMiniCart.tsx) uses it, so it is loaded with that island's code, not
 * with every page (issue 16).
 */
import type { StoreCart } from '@cartwright/store-api-client';
import type { ChosenOption } from '../components/VariationDetails';
import type { CurrencyFields } from './catalog';
import { cartSubtotalOf } from './cart-summary';
import { cartLineBaseOf } from './line-links';

/** A header mini-cart line: what the mini-cart shows of a cart line. */
export interface MiniCartLine {
  key: string;
  productId: number;
  name: string;
  quantity: number;
  price: string;
  href: string;
  removeUrl: string;
  sku: string;
  /** The thumbnail sits in the link next to the name: decorative (alt=""). */
  image: { src: string; alt: string } | undefined;
  variation: ChosenOption[];
}

/** The header mini-cart's view of a cart: its lines, the subtotal as the cart shows it, the currency. */
export function miniCartOf(cart: StoreCart): {
  lines: MiniCartLine[];
  subtotal: string;
  currency: CurrencyFields;
} {
  return {
    lines: cart.items.map((item) => {
      const image = item.images[0];
      return {
        ...cartLineBaseOf(item),
        image: image ? { src: image.thumbnail || image.src, alt: '' } : undefined,
      };
    }),
    subtotal: cartSubtotalOf(cart),
    currency: cart.totals,
  };
}
