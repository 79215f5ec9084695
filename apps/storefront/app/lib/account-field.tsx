import { ADDRESS_MESSAGES, FieldDescription } from '@cartwright/ui-components';
import { useState } from 'react';
import { extendTranslator, extensionOverrides, shopT } from '../messages';
import { FORM_MESSAGES } from '../messages-forms';

/**
 * The field's texts: the required marker (ui-components' core catalogue) and the optional one
 * (its address fields' catalogue, whose wording WooCommerce's forms share). With the forms'
 * shared texts too: every page that loads one of the two shared catalogues loads the other, so
 * they stay one chunk, as the cart's and checkout's pages load them (decision 0068).
 */
const fieldT = extendTranslator(
  shopT,
  { ...ADDRESS_MESSAGES, ...FORM_MESSAGES },
  extensionOverrides(),
);

/** A labelled text field in WooCommerce's form-row markup, with its error read with it. */
export function AccountField({
  name,
  id = name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  defaultValue,
  error,
  description,
}: {
  name: string;
  id?: string;
  label: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
  defaultValue: string;
  error: string | undefined;
  /**
   * Help for the field: it slides in over 250 ms while the field has focus and out when it
   * loses it (spec §4 "Page behaviours"), and is always the field's accessible description.
   * Without JavaScript it is simply shown.
   */
  description?: string;
}) {
  const [focused, setFocused] = useState(false);
  const describedBy = [error ? `${id}_error` : '', description ? `${id}_description` : '']
    .filter(Boolean)
    .join(' ');
  // A description is a block (it slides): the row is a div then, as a <p> cannot hold one.
  const Row = description ? 'div' : 'p';
  return (
    <Row className="form-row cw-address__row" id={`${id}_field`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            {' '}
            <abbr className="required" title={fieldT.format('field.required')}>
              *
            </abbr>
          </>
        ) : (
          <span className="optional"> {fieldT.format('address.optional')}</span>
        )}
      </label>
      <input
        className="input-text cw-address__input"
        type={type}
        id={id}
        name={name}
        autoComplete={autoComplete}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onFocus={description ? () => setFocused(true) : undefined}
        onBlur={description ? () => setFocused(false) : undefined}
      />
      {error ? (
        <span className="cw-field-error cw-address__error" id={`${id}_error`}>
          {error}
        </span>
      ) : null}
      {description ? (
        <>
          <FieldDescription open={focused} id={`${id}_description`} className="description">
            <em>{description}</em>
          </FieldDescription>
          <noscript
            dangerouslySetInnerHTML={{
              __html: `<style>#${id}_description[hidden]{display:block}</style>`,
            }}
          />
        </>
      ) : null}
    </Row>
  );
}
