import { useEffect, useId, useRef, type ChangeEvent, type ReactElement } from 'react';
import { UiComponentsError } from './errors';
import { useMessages } from './MessagesProvider';

/** Props of {@link QuantityInput}. */
export interface QuantityInputProps {
  /**
   * The field's label. Name the product when several quantities share a page,
   * e.g. `"Beanie quantity"` (WooCommerce's wording).
   * @default the catalogue's 'quantity.label' ("Quantity")
   */
  label?: string | undefined;
  /**
   * Show the label only to screen readers (WooCommerce's `screen-reader-text` label).
   * @default false
   */
  hideLabel?: boolean | undefined;
  /**
   * The form field's name.
   * @default 'quantity'
   */
  name?: string | undefined;
  /**
   * The initial value. A value below `min` (when `min` ≥ 0) is raised to `min`.
   * @default min, or 1 when `min` is negative
   */
  defaultValue?: number | undefined;
  /**
   * The smallest quantity. WooCommerce uses 1 on product pages and 0 on the cart page
   * (0 removes the line).
   * @default 1
   */
  min?: number | undefined;
  /**
   * The largest quantity, e.g. the stock left; none when undefined.
   * @default undefined
   */
  max?: number | undefined;
  /**
   * The step between quantities (the Store API's `multiple_of`).
   * @default 1
   */
  step?: number | undefined;
  /**
   * The input's id; the label points at it.
   * @default a generated id
   */
  id?: string | undefined;
  /**
   * Called with the number the shopper typed (`NaN` while the field is empty), and
   * with `min` when a too-small value is raised on mount.
   * @default undefined
   */
  onValueChange?: ((value: number) => void) | undefined;
  /**
   * Whether the field is disabled (it is then not submitted).
   * @default false
   */
  disabled?: boolean | undefined;
}

function check(name: string, value: number | undefined): void {
  if (value !== undefined && !Number.isFinite(value)) {
    throw new UiComponentsError(
      'invalid_quantity',
      `QuantityInput: ${name} must be a finite number`,
      {
        input: value,
      },
    );
  }
}

/** Spec §4/§5: a value below a non-negative `min` is raised to `min`. */
function raised(value: number, min: number): number {
  return min >= 0 && value < min ? min : value;
}

/**
 * A labelled number field for a quantity (`div.quantity > input.qty`, WooCommerce's
 * markup), usable in a plain form with JavaScript off. On mount, a value below `min`
 * (where `min` ≥ 0) is raised to `min` (spec §4 "Page behaviours"): the server-rendered
 * value already is, and a smaller value the browser restored into the field (Back,
 * form restore) is raised when the component mounts.
 *
 * @throws {UiComponentsError} `invalid_quantity` when `min`, `max`, `step` or
 *   `defaultValue` is not finite, `step` is not positive, or `min` is above `max`.
 *
 * @example
 * <form method="post" action="?add-to-cart=42">
 *   <QuantityInput label="Beanie quantity" hideLabel min={1} max={12} />
 *   <button>Add to cart</button>
 * </form>
 */
export function QuantityInput({
  label,
  hideLabel = false,
  name = 'quantity',
  defaultValue,
  min = 1,
  max,
  step = 1,
  id,
  onValueChange,
  disabled = false,
}: QuantityInputProps): ReactElement {
  const t = useMessages();
  check('min', min);
  check('max', max);
  check('step', step);
  check('defaultValue', defaultValue);
  if (step <= 0) {
    throw new UiComponentsError('invalid_quantity', 'QuantityInput: step must be above 0', {
      input: step,
    });
  }
  if (max !== undefined && max < min) {
    throw new UiComponentsError('invalid_quantity', 'QuantityInput: min must not be above max', {
      input: { min, max },
    });
  }
  const generatedId = useId();
  const inputId = id ?? `quantity-${generatedId}`;
  const ref = useRef<HTMLInputElement>(null);
  const initial = raised(defaultValue ?? (min >= 0 ? min : 1), min);

  const onValueChangeRef = useRef(onValueChange);
  useEffect(() => {
    onValueChangeRef.current = onValueChange;
  });
  // Once, on mount: the browser may have restored an older value into the field.
  // `min` is read from the element, which always carries the current one.
  useEffect(() => {
    const input = ref.current;
    if (!input || input.value === '' || input.min === '') return;
    const current = Number(input.value);
    const next = raised(current, Number(input.min));
    if (next !== current) {
      input.value = String(next);
      onValueChangeRef.current?.(next);
    }
  }, []);

  const onChange = onValueChange
    ? (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget;
        onValueChange(value === '' ? Number.NaN : Number(value));
      }
    : undefined;

  return (
    <div className="quantity cw-quantity">
      <label className={hideLabel ? 'cw-visually-hidden' : 'cw-quantity__label'} htmlFor={inputId}>
        {label ?? t.format('quantity.label')}
      </label>
      <input
        ref={ref}
        type="number"
        id={inputId}
        className="input-text qty text cw-quantity__input"
        name={name}
        defaultValue={initial}
        min={min}
        max={max}
        step={step}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        onChange={onChange}
      />
    </div>
  );
}
