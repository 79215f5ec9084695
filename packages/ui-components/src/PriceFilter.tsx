import type { FormEvent, ReactElement } from 'react';
import { formatPrice, type Currency } from './currency';
import { useMessages } from './MessagesProvider';
import { FILTER_MESSAGES } from './messages-filters';

/** The query arguments the price filter's form sets itself, so it never keeps them. */
const PRICE_FILTER_OWN = ['min_price', 'max_price', 'paged', 'product-page'];

/**
 * A bound's field shows `text`, the URL's: a new one (Back, a removed filter) replaces what was
 * typed, in the same element, so the field the shopper pressed Enter in keeps the focus when the
 * listing it asked for arrives (a new element would drop it to the page's body).
 */
const showBound = (text: string) => (input: (HTMLInputElement & { cwBound?: string }) | null) => {
  if (input === null || input.cwBound === text) return;
  if (input.cwBound !== undefined) input.value = text;
  input.cwBound = text;
};

/** Props of {@link PriceFilter}. */
export interface PriceFilterProps {
  /**
   * The lowest price of the products the filter applies to, in minor units as the Store API
   * sends it (`products/collection-data`'s `price_range.min_price`, e.g. `"1200"` for $12).
   */
  min: string;
  /** The highest price, in minor units (`price_range.max_price`). */
  max: string;
  /** The shop's currency (`currencyFromStoreApi(price_range)`). */
  currency: Currency;
  /** The form's action: the listing URL without its page part. @default '' (this URL) */
  action?: string;
  /** The chosen lower bound as the shopper wrote it (`?min_price=`, major units), or `''`. */
  minText?: string;
  /** The chosen upper bound as the shopper wrote it (`?max_price=`), or `''`. */
  maxText?: string;
  /**
   * The listing's other query arguments (ordering, attribute filters), carried through the
   * form as hidden inputs. Its own arguments and the page number are left out.
   */
  keep?: Readonly<Record<string, string>>;
  /**
   * Called instead of the browser's submission, with the form: a router submits it itself
   * for a client-side navigation. Default: the browser submits the GET form.
   */
  onFilterSubmit?: (form: HTMLFormElement) => void;
  /** Prefix of the heading's and the hint's ids (unique on the page). @default 'price-filter' */
  id?: string;
}

/**
 * WooCommerce's "Filter by price" as a plain GET form (`?min_price=10&max_price=20`, in the
 * shop's currency's major units), so it works without JavaScript. The hint under the heading
 * gives the range the shop's products span, and both fields point to it.
 *
 * @example
 * <PriceFilter min="1200" max="4500" currency={usd} action="/product-category/coffee/" />
 */
export function PriceFilter({
  min,
  max,
  currency,
  action = '',
  minText = '',
  maxText = '',
  keep = {},
  onFilterSubmit,
  id = 'price-filter',
}: PriceFilterProps): ReactElement {
  const t = useMessages(FILTER_MESSAGES);
  const unit = 10 ** currency.minorUnit;
  const low = Math.floor(Number(min) / unit);
  const high = Math.ceil(Number(max) / unit);
  const step = currency.minorUnit > 0 ? String(1 / unit) : '1';
  const hintId = `${id}-range`;
  const onSubmit = onFilterSubmit
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onFilterSubmit(event.currentTarget);
      }
    : undefined;
  const field = (name: 'min_price' | 'max_price', text: string, placeholder: number) => (
    <label>
      <span>
        {t.format(name === 'min_price' ? 'priceFilter.min' : 'priceFilter.max', {
          symbol: currency.symbol,
        })}
      </span>
      <input
        ref={showBound(text)}
        type="number"
        name={name}
        inputMode="decimal"
        min={0}
        step={step}
        placeholder={String(placeholder)}
        defaultValue={text}
        aria-describedby={hintId}
      />
    </label>
  );
  return (
    <section className="catalog-filter price-filter" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.format('priceFilter.heading')}</h2>
      <p id={hintId} className="catalog-filter__hint">
        {t.format('priceFilter.range', {
          min: formatPrice(min, currency),
          max: formatPrice(max, currency),
        })}
      </p>
      <form method="get" action={action} className="price-filter__form" onSubmit={onSubmit}>
        <div className="price-filter__fields">
          {field('min_price', minText, low)}
          {field('max_price', maxText, high)}
        </div>
        {Object.entries(keep)
          .filter(([name]) => !PRICE_FILTER_OWN.includes(name))
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <button type="submit" className="cw-button">
          {t.format('priceFilter.submit')}
        </button>
      </form>
    </section>
  );
}
