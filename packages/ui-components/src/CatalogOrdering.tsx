import { useState, type ChangeEvent, type ReactElement } from 'react';
import { useMessages } from './MessagesProvider';
import { CATALOG_ORDERING_MESSAGES } from './messages-catalog-ordering';
import type { Translator } from './messages';
import { CATALOG_ORDERINGS, type CatalogOrderBy } from './catalog-orderings';

/**
 * An ordering's label from the message catalogue when it is WooCommerce's default
 * English label (so a translation applies), else the label as given.
 */
function orderingLabel(option: { value: CatalogOrderBy; label: string }, t: Translator): string {
  const standard = CATALOG_ORDERINGS.find((known) => known.value === option.value);
  return standard !== undefined && standard.label === option.label
    ? t.format(`ordering.${standard.value}`)
    : option.label;
}

/** Props of {@link CatalogOrdering}. */
export interface CatalogOrderingProps {
  /** The current ordering. */
  value: CatalogOrderBy;
  /** The form's action: the listing URL without its page part. @default '' (this URL) */
  action?: string;
  /** Other query arguments to keep (everything but orderby, paged and submit). */
  keep?: Readonly<Record<string, string>>;
  /** Which orderings to offer. @default CATALOG_ORDERINGS */
  options?: ReadonlyArray<{ value: CatalogOrderBy; label: string }>;
  /**
   * Called when the choice changes, with the form. Default: the form is submitted
   * at once (spec §2); a router can submit it itself for a client-side navigation.
   */
  onOrderChange?: (value: CatalogOrderBy, form: HTMLFormElement) => void;
}

/**
 * WooCommerce's sort-by form (`form.woocommerce-ordering`): a GET form whose
 * `orderby` select submits as soon as the choice changes, with a Sort button for
 * when JavaScript is off.
 *
 * @example
 * <CatalogOrdering value="price" action="/shop/" />
 */
export function CatalogOrdering({
  value,
  action = '',
  keep = {},
  options = CATALOG_ORDERINGS,
  onOrderChange,
}: CatalogOrderingProps): ReactElement {
  // The choice shows at once and follows `value` when it changes (e.g. Back). The
  // select is never remounted, so keyboard focus stays on it after a client-side sort.
  const t = useMessages(CATALOG_ORDERING_MESSAGES);
  const [chosen, setChosen] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setChosen(value);
  }
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    const next = event.currentTarget.value;
    const offered = options.find((option) => option.value === next);
    if (!form || offered === undefined) return;
    setChosen(offered.value);
    if (onOrderChange) onOrderChange(offered.value, form);
    else form.requestSubmit();
  };
  return (
    <form className="woocommerce-ordering cw-ordering" method="get" action={action}>
      <select
        name="orderby"
        className="orderby cw-ordering__select"
        aria-label={t.format('ordering.label')}
        value={chosen}
        onChange={onChange}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {orderingLabel(option, t)}
          </option>
        ))}
      </select>
      <input type="hidden" name="paged" value="1" />
      {Object.entries(keep)
        .filter(([name]) => !['orderby', 'paged', 'submit', 'product-page'].includes(name))
        .map(([name, keptValue]) => (
          <input key={name} type="hidden" name={name} value={keptValue} />
        ))}
      <noscript>
        <button type="submit" className="cw-button cw-ordering__submit">
          {t.format('ordering.submit')}
        </button>
      </noscript>
    </form>
  );
}
