import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { useAnnounce } from './AnnouncerProvider';
import { useMessages } from './MessagesProvider';
import { PASSWORD_MESSAGES } from './messages-password';

/** Props of {@link PasswordInput}. */
export interface PasswordInputProps {
  /** The field's visible label, e.g. `'Password'`. */
  label: string;
  /**
   * The form field's name (WooCommerce's my-account forms use `password`).
   * @default 'password'
   */
  name?: string | undefined;
  /**
   * The input's id; the label and the toggle point at it.
   * @default a generated id
   */
  id?: string | undefined;
  /**
   * What password managers should do: `'current-password'` on a login form (fill the saved
   * one), `'new-password'` on a registration or change form (offer to generate and save one).
   * @default 'current-password'
   */
  autoComplete?: 'current-password' | 'new-password' | undefined;
  /**
   * Whether the field must be filled (marked with WooCommerce's `*`).
   * @default false
   */
  required?: boolean | undefined;
  /**
   * Whether the field is disabled (the toggle too).
   * @default false
   */
  disabled?: boolean | undefined;
  /**
   * A message about this field (a refused form). Marks the field invalid and is read with it.
   * @default undefined
   */
  error?: string | undefined;
  /**
   * Help text under the field (e.g. WordPress's password hint), read with the field.
   * @default undefined
   */
  description?: string | undefined;
  /**
   * Whether the password starts visible.
   * @default false
   */
  defaultVisible?: boolean | undefined;
  /**
   * Called with `true` when the password is shown and `false` when it is hidden again.
   * @default undefined
   */
  onVisibilityChange?: ((visible: boolean) => void) | undefined;
  /**
   * The toggle's label while the password is hidden (spec §2).
   * @default the message catalogue's `password.show` ('Show password')
   */
  showLabel?: string | undefined;
  /**
   * The toggle's label while the password is shown (spec §2).
   * @default the message catalogue's `password.hide` ('Hide password')
   */
  hideLabel?: string | undefined;
  /**
   * Read out (politely, through the page's announcer) after the password is shown.
   * @default the message catalogue's `password.shown` ('Your password is visible')
   */
  shownAnnouncement?: string | undefined;
  /**
   * Read out (politely, through the page's announcer) after the password is hidden again.
   * @default the message catalogue's `password.hidden` ('Your password is hidden')
   */
  hiddenAnnouncement?: string | undefined;
}

const subscribeNever = () => () => {};

/**
 * A labelled password field with a show/hide toggle (spec §2: "Show password" / "Hide
 * password"), in WooCommerce's markup (`span.password-input > input + button.show-password-input`).
 *
 * - Without JavaScript it is a plain password field: the toggle, which needs script, is in the
 *   server's markup but `hidden` until hydrated, then shown in space the field always reserves
 *   (no layout shift).
 * - The toggle is a real button whose label says what it will do ("Show password" while hidden,
 *   "Hide password" while shown) — the label is the state, so there is no `aria-pressed` to
 *   contradict it (decision 0015); the change is also announced politely. Activating it moves no
 *   focus (a mouse click leaves the caret in the field), and the caret and selection survive.
 * - Password managers keep seeing one field with a stable `name`, `id` and `autocomplete`; the
 *   field turns back into a password field before its form is submitted, and a shown password
 *   is never spell-checked or auto-corrected (which could send it to a spelling service).
 *
 * @example
 * <form method="post">
 *   <PasswordInput label="Password" name="password" autoComplete="new-password" required />
 * </form>
 */
export function PasswordInput({
  label,
  name = 'password',
  id,
  autoComplete = 'current-password',
  required = false,
  disabled = false,
  error,
  description,
  defaultVisible = false,
  onVisibilityChange,
  showLabel,
  hideLabel,
  shownAnnouncement,
  hiddenAnnouncement,
}: PasswordInputProps): ReactElement {
  const t = useMessages(PASSWORD_MESSAGES);
  const generatedId = useId();
  const inputId = id ?? `password-${generatedId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [visible, setVisible] = useState(defaultVisible);
  // Nothing is announced on page load, only when the shopper toggles.
  const announce = useAnnounce();
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const onChangeRef = useRef(onVisibilityChange);
  useEffect(() => {
    onChangeRef.current = onVisibilityChange;
  });

  // Hidden again before the form is sent, so browsers and password managers treat the value
  // as a password (not as text to remember for autofill).
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form || !visible) return;
    const hide = () => {
      if (inputRef.current) inputRef.current.type = 'password';
      setVisible(false);
      onChangeRef.current?.(false);
    };
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, [visible]);

  const toggle = () => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? null;
    const end = input?.selectionEnd ?? null;
    const next = !visible;
    if (input) {
      // Switch now (not on the next render) so the caret can be put back at once.
      input.type = next ? 'text' : 'password';
      if (start !== null && end !== null && document.activeElement === input) {
        input.setSelectionRange(start, end);
      }
    }
    setVisible(next);
    announce(
      next
        ? (shownAnnouncement ?? t.format('password.shown'))
        : (hiddenAnnouncement ?? t.format('password.hidden')),
    );
    onChangeRef.current?.(next);
  };

  const descriptionId = description === undefined ? undefined : `${inputId}-description`;
  const errorId = error === undefined ? undefined : `${inputId}_error`;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;

  return (
    <p className="form-row cw-password" id={`${inputId}_field`}>
      <label htmlFor={inputId}>
        {label}
        {required ? (
          <>
            {' '}
            <abbr className="required" title={t.format('field.required')}>
              *
            </abbr>
          </>
        ) : null}
      </label>
      <span className="password-input cw-password__wrap">
        <input
          ref={inputRef}
          className="input-text cw-password__input"
          type={visible ? 'text' : 'password'}
          id={inputId}
          name={name}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={describedBy}
        />
        {/* In the server's markup too, hidden until script runs: without JavaScript it is never
            shown or focused, and the markup has the same controls before and after hydration
            (an island that renders this field later carries typed values over by position). */}
        <button
          type="button"
          className={`show-password-input cw-password__toggle${visible ? ' display-password' : ''}`}
          aria-controls={inputId}
          disabled={disabled}
          hidden={!hydrated}
          // A mouse press must not take focus from the field being typed in.
          onMouseDown={(event) => {
            if (document.activeElement === inputRef.current) event.preventDefault();
          }}
          onClick={toggle}
        >
          {visible
            ? (hideLabel ?? t.format('password.hide'))
            : (showLabel ?? t.format('password.show'))}
        </button>
      </span>
      {error === undefined ? null : (
        <span className="cw-field-error cw-password__error" id={errorId}>
          {error}
        </span>
      )}
      {description === undefined ? null : (
        <span className="description cw-password__description" id={descriptionId}>
          {description}
        </span>
      )}
    </p>
  );
}
