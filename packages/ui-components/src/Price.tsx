import type { ReactElement } from 'react';
import { amountsDiffer, formatPrice } from './currency';
import { useMessages } from './MessagesProvider';
import type { Currency } from './currency';

/** Props of {@link Price}. */
export interface PriceProps {
  /** The price to pay, an integer in minor units (`"1999"` is $19.99 in USD). */
  amount: string | number;
  /**
   * The regular price in minor units. When given and different from `amount`, the
   * price is shown as a sale: the regular price struck through, then the sale price.
   * @default undefined (not on sale)
   */
  regularAmount?: string | number | undefined;
  /** How to format the amounts. */
  currency: Currency;
  /**
   * Extra class names for the wrapping `<span>`, added after `cw-price`.
   * @default undefined
   */
  className?: string | undefined;
}

/**
 * A formatted price. On sale it follows WooCommerce's accessible pattern: the
 * regular price in `<del>` and the sale price in `<ins>`, both hidden from
 * assistive technology, each followed by visually-hidden text that reads
 * "Original price was: $25.00." and "Current price is: $19.99.", because many
 * screen readers do not announce `<del>`/`<ins>` at all.
 *
 * @throws {UiComponentsError} `invalid_amount` or `invalid_currency` while rendering bad input.
 *
 * @example
 * <Price amount="1999" regularAmount="2500" currency={currency} />
 */
export function Price({ amount, regularAmount, currency, className }: PriceProps): ReactElement {
  const classes = (sale: boolean) =>
    ['cw-price', sale ? 'cw-price--sale' : '', className ?? ''].filter(Boolean).join(' ');
  const t = useMessages();
  const current = formatPrice(amount, currency);

  if (regularAmount === undefined || !amountsDiffer(amount, regularAmount)) {
    return (
      <span className={classes(false)}>
        <span className="cw-price__amount">{current}</span>
      </span>
    );
  }

  const regular = formatPrice(regularAmount, currency);
  return (
    <span className={classes(true)}>
      <del className="cw-price__regular" aria-hidden="true">
        {regular}
      </del>{' '}
      <span className="cw-visually-hidden">{t.format('price.regular', { price: regular })}</span>{' '}
      <ins className="cw-price__amount" aria-hidden="true">
        {current}
      </ins>
      <span className="cw-visually-hidden">{t.format('price.current', { price: current })}</span>
    </span>
  );
}

/** Props of {@link PriceRange}. */
export interface PriceRangeProps {
  /** The lowest price, an integer in minor units (the Store API's `price_range.min_amount`). */
  min: string | number;
  /** The highest price, in minor units (`price_range.max_amount`). */
  max: string | number;
  /** How to format the amounts. */
  currency: Currency;
  /**
   * Extra class names for the wrapping `<span>`, added after `cw-price cw-price--range`.
   * @default undefined
   */
  className?: string | undefined;
}

/**
 * A variable product's prices before a choice, as WooCommerce formats a price range:
 * "$13.00 – $42.00", the dash hidden from screen readers, which hear "to" instead. When both
 * ends are equal, one price.
 *
 * @example
 * <PriceRange min="1300" max="4200" currency={currency} />
 */
export function PriceRange({ min, max, currency, className }: PriceRangeProps): ReactElement {
  const t = useMessages();
  if (!amountsDiffer(min, max))
    return <Price amount={min} currency={currency} className={className} />;
  return (
    <span className={['cw-price cw-price--range', className ?? ''].filter(Boolean).join(' ')}>
      <span className="cw-price__amount">{formatPrice(min, currency)}</span>{' '}
      <span aria-hidden="true">–</span>{' '}
      <span className="cw-visually-hidden">{t.format('price.rangeTo')}</span>{' '}
      <span className="cw-price__amount">{formatPrice(max, currency)}</span>
    </span>
  );
}
