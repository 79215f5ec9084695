import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { useMessages } from './MessagesProvider';
import {
  FIELD_DESCRIPTION_SLIDE_MS,
  focusAlertAfterLoad,
  scrollToNotice,
  type ScrollToNoticeOptions,
} from './page-behaviours';

/**
 * Focuses the referenced alert notice 500 ms after it mounts (spec §4 "Page
 * behaviours"), unless the shopper has moved focus meanwhile. Cancelled on unmount.
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null);
 * useAlertFocus(ref, errors.length > 0);
 * <div ref={ref} role="alert" tabIndex={-1}>…</div>
 */
export function useAlertFocus(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return undefined;
    return focusAlertAfterLoad(element);
  }, [ref, active]);
}

/**
 * Scrolls the referenced notice into view when it mounts (or `active` turns on):
 * 100 px above it, over 1000 ms, instantly under `prefers-reduced-motion` (spec §4).
 * The animation stops on unmount.
 *
 * @example
 * useScrollToNotice(noticeRef, submitted && errors.length > 0);
 */
export function useScrollToNotice(
  ref: RefObject<Element | null>,
  active = true,
  options?: ScrollToNoticeOptions,
): void {
  const offsetPx = options?.offsetPx;
  const durationMs = options?.durationMs;
  const win = options?.window;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return undefined;
    return scrollToNotice(element, { offsetPx, durationMs, window: win });
  }, [ref, active, offsetPx, durationMs, win]);
}

/** Props of {@link AlertNotice}. */
export interface AlertNoticeProps {
  id?: string | undefined;
  /** @default 'notice notice-error' */
  className?: string | undefined;
  /**
   * Names this showing of the notice: a new value (a new refusal of the same form, even with
   * the same text) focuses and scrolls to it again.
   */
  occurrence?: unknown;
  children: ReactNode;
}

/**
 * An error notice as spec §4's page behaviours want it: announced as an alert, focused 500 ms
 * after it appears (unless the shopper has moved focus meanwhile) and scrolled to, 100 px above
 * it over 1000 ms (at once under reduced motion).
 *
 * @example
 * {error ? <AlertNotice occurrence={submission}>{error}</AlertNotice> : null}
 */
export function AlertNotice({
  id,
  className = 'notice notice-error',
  occurrence,
  children,
}: AlertNoticeProps): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const stopScroll = scrollToNotice(element);
    const cancelFocus = focusAlertAfterLoad(element);
    return () => {
      stopScroll();
      cancelFocus();
    };
  }, [occurrence]);
  return (
    <div ref={ref} id={id} className={className} role="alert" tabIndex={-1}>
      {children}
    </div>
  );
}

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

/** Props of {@link SkipLink}. */
export interface SkipLinkProps {
  /**
   * The main region's fragment.
   * @default '#main'
   */
  href?: `#${string}` | undefined;
  /**
   * The link text.
   * @default the catalogue's 'skipLink.label' ("Skip to content")
   */
  children?: ReactNode;
}

/**
 * "Skip to content": the page's first tab stop, hidden until focused, moving keyboard
 * focus to the main region (the target gets `tabindex="-1"` if it
 * cannot take focus), so the next Tab continues inside it. Needs `styles.css`.
 *
 * @example
 * <SkipLink href="#main" />
 * <main id="main" tabIndex={-1}>…</main>
 */
export function SkipLink({ href = '#main', children }: SkipLinkProps): ReactElement {
  const t = useMessages();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = event.currentTarget.ownerDocument.getElementById(
      decodeURIComponent(href.slice(1)),
    );
    if (!target) return;
    // Focus (which scrolls it into view) instead of following the fragment: the
    // address stays as it is, so a router or a <base href> never turns the jump into
    // a navigation. Without JavaScript the link jumps natively.
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  };
  return (
    <a className="cw-skip-link" href={href} onClick={onClick}>
      {children ?? t.format('skipLink.label')}
    </a>
  );
}
