import { useId, type ReactElement } from 'react';
import { useMessages } from './MessagesProvider';
import { VARIATION_SELECTS_MESSAGES } from './messages-variation-selects';
import {
  variationOptionState,
  type VariationChoice,
  type VariationSelection,
} from './variation-choice';

/** Props of {@link VariationSelects}. */
export interface VariationSelectsProps {
  /** The product's attributes and variations. */
  choice: VariationChoice;
  /** The values chosen now (a controlled component). */
  selection: VariationSelection;
  /** Called with an attribute's field and the chosen slug (`''` for "Choose an option"). */
  onSelect: (field: string, slug: string) => void;
  /**
   * Clears every choice. The "Clear options" button shows only when this is given and
   * something is chosen: leave it out while the page has no JavaScript (the button could do
   * nothing).
   */
  onClear?: () => void;
}

/**
 * A variable product's choice of options, as WooCommerce's variation form shows it: one
 * labelled, required select per attribute (its field named as WooCommerce reads it, e.g.
 * `attribute_pa_size`) starting with "Choose an option"; a value no variation has given the
 * other choices is disabled and says "(unavailable)", one only sold-out variations have says
 * "(sold out)"; and a "Clear options" button. Put it inside the add-to-cart form.
 *
 * @example
 * <VariationSelects
 *   choice={{ attributes, variations }}
 *   selection={selection}
 *   onSelect={(field, slug) => setSelection({ ...selection, [field]: slug })}
 *   onClear={() => setSelection({})}
 * />
 */
export function VariationSelects({
  choice,
  selection,
  onSelect,
  onClear,
}: VariationSelectsProps): ReactElement {
  const t = useMessages(VARIATION_SELECTS_MESSAGES);
  const baseId = useId();
  return (
    <fieldset className="variations">
      <legend className="cw-visually-hidden">{t.format('variationSelects.label')}</legend>
      {choice.attributes.map((attribute) => {
        const id = `${baseId}-${attribute.field}`;
        return (
          <p className="form-row variations__row" key={attribute.field}>
            <label htmlFor={id}>{attribute.name}</label>
            <select
              id={id}
              name={attribute.field}
              required
              value={selection[attribute.field] ?? ''}
              onChange={(event) => onSelect(attribute.field, event.currentTarget.value)}
            >
              <option value="">{t.format('variationSelects.choose')}</option>
              {attribute.terms.map((term) => {
                const state = variationOptionState(choice, selection, attribute.field, term.slug);
                return (
                  <option key={term.slug} value={term.slug} disabled={state !== 'available'}>
                    {state === 'available'
                      ? term.name
                      : t.format(
                          state === 'soldOut'
                            ? 'variationSelects.soldOut'
                            : 'variationSelects.unavailable',
                          { value: term.name },
                        )}
                  </option>
                );
              })}
            </select>
          </p>
        );
      })}
      {onClear && Object.values(selection).some(Boolean) ? (
        <button type="button" className="reset_variations cw-link-button" onClick={onClear}>
          {t.format('variationSelects.clear')}
        </button>
      ) : null}
    </fieldset>
  );
}
