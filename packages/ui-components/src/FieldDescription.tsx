import {
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Spec §9: field descriptions slide in and out over this long. */
export const FIELD_DESCRIPTION_SLIDE_MS = 250;

/** Where a {@link FieldDescription} is: shown, sliding out, or gone. */
export type FieldDescriptionState = 'open' | 'closing' | 'closed';

/** Props of {@link FieldDescription}. */
export interface FieldDescriptionProps {
  /** Whether the description is shown (e.g. while its field has focus). */
  open: boolean;
  /** The id the field's `aria-describedby` points at. */
  id: string;
  /** The description. */
  children: ReactNode;
  /**
   * Extra classes (WooCommerce's is `description`).
   * @default undefined
   */
  className?: string | undefined;
}

/**
 * A field's description that slides in and out over 250 ms (spec §4 "Page
 * behaviours"; instant under `prefers-reduced-motion`). When closed it is `hidden`,
 * but it stays the field's accessible description, so screen-reader users hear it
 * whether or not it is shown. Needs `styles.css`.
 *
 * @example
 * const { fieldProps, descriptionProps } = useFieldDescription();
 * <input {...fieldProps} name="account_username" />
 * <FieldDescription {...descriptionProps}>Used to log in.</FieldDescription>
 */
export function FieldDescription({
  open,
  id,
  children,
  className,
}: FieldDescriptionProps): ReactElement {
  const [state, setState] = useState<FieldDescriptionState>(open ? 'open' : 'closed');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setState(open ? 'open' : 'closing');
  }
  useEffect(() => {
    if (state !== 'closing') return undefined;
    const timer = setTimeout(() => setState('closed'), FIELD_DESCRIPTION_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const style = { '--cw-slide-duration': `${FIELD_DESCRIPTION_SLIDE_MS}ms` } as CSSProperties;
  return (
    <div
      id={id}
      className={['cw-field-description', className ?? ''].filter(Boolean).join(' ')}
      data-state={state}
      hidden={state === 'closed'}
      style={style}
    >
      <div className="cw-field-description__inner">{children}</div>
    </div>
  );
}

/**
 * Wires a field to its {@link FieldDescription}: shown while the field has focus.
 *
 * @example
 * const { fieldProps, descriptionProps } = useFieldDescription();
 */
export function useFieldDescription(): {
  fieldProps: { 'aria-describedby': string; onFocus: () => void; onBlur: () => void };
  descriptionProps: { id: string; open: boolean };
} {
  const id = useId();
  const [open, setOpen] = useState(false);
  return {
    fieldProps: {
      'aria-describedby': id,
      onFocus: () => setOpen(true),
      onBlur: () => setOpen(false),
    },
    descriptionProps: { id, open },
  };
}
