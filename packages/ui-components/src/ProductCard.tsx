import type { ReactElement, ReactNode } from 'react';
import { amountsDiffer } from './currency';
import type { Currency } from './currency';
import { Price, PriceRange } from './Price';
import { useMessages } from './MessagesProvider';
import { PRODUCT_CARD_MESSAGES } from './messages-product-card';

/** The price shown on a {@link ProductCard}, in integer minor units. */
export interface ProductCardPrice {
  /** The price to pay, e.g. the Store API's `prices.price` (`"1999"`). */
  amount: string | number;
  /**
   * The regular price, e.g. `prices.regular_price`. When it differs from `amount`
   * the card shows the sale pattern of {@link Price}.
   * @default undefined
   */
  regularAmount?: string | number | undefined;
  /**
   * The highest price of a variable product (the Store API's `price_range.max_amount`, with
   * `amount` its `min_amount`). When it differs from `amount` the card shows the range,
   * "$13.00 – $42.00", as WooCommerce's listings do; `regularAmount` is then not shown.
   * @default undefined
   */
  maxAmount?: string | number | undefined;
  /** How to format the amounts; see `currencyFromStoreApi`. */
  currency: Currency;
}

/** The product image shown on a {@link ProductCard}. */
export interface ProductCardImage {
  /** Image URL. */
  src: string;
  /**
   * Alternative text. Use `""` when the image adds nothing to the product name
   * (it is then skipped by screen readers).
   */
  alt: string;
  /**
   * Intrinsic width in pixels, written to the `width` attribute so the browser
   * reserves the space before the image loads.
   * @default 300
   */
  width?: number | undefined;
  /**
   * Intrinsic height in pixels, written to the `height` attribute.
   * @default 300
   */
  height?: number | undefined;
  /**
   * Responsive candidates, e.g. the Store API image's `srcset`.
   * @default undefined
   */
  srcSet?: string | undefined;
  /**
   * Layout hint for `srcSet`, e.g. the Store API image's `sizes`.
   * @default undefined
   */
  sizes?: string | undefined;
}

/** Props of {@link ProductCard}. */
export interface ProductCardProps {
  /** The product name; it becomes the card's heading and the text of its link. */
  name: string;
  /** URL of the product page. */
  href: string;
  /** The price to show. */
  price: ProductCardPrice;
  /**
   * The product image. Without one, a neutral placeholder keeps the same square box.
   * @default undefined
   */
  image?: ProductCardImage | undefined;
  /**
   * Whether to show the "Sale!" badge (the Store API's `on_sale`).
   * @default true when `price.regularAmount` is given and differs from `price.amount`
   */
  onSale?: boolean | undefined;
  /**
   * Whether the product can be bought; `false` shows "Out of stock" (the Store API's `is_in_stock`).
   * @default true
   */
  inStock?: boolean | undefined;
  /**
   * The heading level of the product name, to fit the page outline.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6 | undefined;
  /**
   * How the browser loads the image: `'eager'` for cards above the fold (the
   * likely Largest Contentful Paint), `'lazy'` for the rest.
   * @default 'lazy'
   */
  imageLoading?: 'lazy' | 'eager' | undefined;
  /**
   * Actions slot, rendered below the price above the card's click area, e.g. an
   * add-to-cart form. Keep it free of a second link to the product.
   * @default undefined
   */
  children?: ReactNode;
}

const DEFAULT_IMAGE_SIZE = 300;

/**
 * A product in a listing: image, name, price, sale badge and stock state, plus an
 * optional actions slot.
 *
 * Accessibility: the product has exactly one link, the heading's, whose
 * accessible name is the product name. The link's click area is stretched over
 * the whole card with CSS, so the card is clickable without nesting interactive
 * elements; the actions slot sits above that area and stays independently usable.
 * The image lives in a square box with `aspect-ratio` and has `width`/`height`
 * attributes, so loading it never shifts the layout.
 *
 * Requires `@cartwright/ui-components/styles.css` for layout.
 *
 * @example
 * <ProductCard
 *   name="Beanie"
 *   href="/product/beanie/"
 *   price={{ amount: '1800', regularAmount: '2000', currency }}
 *   image={{ src: '/beanie.jpg', alt: '' }}
 * >
 *   <AddToCartButton productId={15} />
 * </ProductCard>
 */
export function ProductCard({
  name,
  href,
  price,
  image,
  onSale,
  inStock = true,
  headingLevel = 2,
  imageLoading = 'lazy',
  children,
}: ProductCardProps): ReactElement {
  const t = useMessages(PRODUCT_CARD_MESSAGES);
  const Heading = `h${headingLevel}` as const;
  const showSale =
    onSale ??
    (price.regularAmount !== undefined && amountsDiffer(price.amount, price.regularAmount));
  const classes = [
    'cw-product-card',
    showSale ? 'cw-product-card--on-sale' : '',
    inStock ? '' : 'cw-product-card--out-of-stock',
  ]
    .filter(Boolean)
    .join(' ');

  // The heading comes first in the DOM so heading navigation lands on the name and
  // reads on into this card's price and state; CSS puts the image box on top visually.
  return (
    <div className={classes}>
      <Heading className="cw-product-card__name">
        <a className="cw-product-card__link" href={href}>
          {name}
        </a>
      </Heading>
      <p className="cw-product-card__price">
        {price.maxAmount !== undefined && amountsDiffer(price.amount, price.maxAmount) ? (
          <PriceRange min={price.amount} max={price.maxAmount} currency={price.currency} />
        ) : (
          <Price
            amount={price.amount}
            regularAmount={price.regularAmount}
            currency={price.currency}
          />
        )}
      </p>
      {showSale ? <p className="cw-product-card__badge">{t.format('productCard.sale')}</p> : null}
      {inStock ? null : (
        <p className="cw-product-card__stock">{t.format('productCard.outOfStock')}</p>
      )}
      <div className="cw-product-card__media">
        {image ? (
          <img
            className="cw-product-card__image"
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            alt={image.alt}
            width={image.width ?? DEFAULT_IMAGE_SIZE}
            height={image.height ?? DEFAULT_IMAGE_SIZE}
            loading={imageLoading}
            decoding="async"
          />
        ) : (
          <span className="cw-product-card__placeholder" aria-hidden="true" />
        )}
      </div>
      {children === undefined || children === null ? null : (
        <div className="cw-product-card__actions">{children}</div>
      )}
    </div>
  );
}
