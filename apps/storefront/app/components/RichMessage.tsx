import { Fragment, type ReactNode } from 'react';
import { shopT, type StorefrontMessageKey } from '../messages';

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/;

/**
 * A catalogue message whose `{placeholders}` are elements (links, `<strong>`), so a
 * translation can move them within the sentence. A placeholder without a part stays as written.
 *
 * @example
 * <RichMessage id="account.hello" t={accountT} parts={{ name: <strong>{name}</strong> }} />
 */
export function RichMessage<K extends string>({
  id,
  parts,
  t,
}: (
  | { id: StorefrontMessageKey; t?: undefined }
  | {
      id: K;
      /** A route catalogue's translator, for a key of that catalogue (`accountT`, `checkoutT`). */
      t: { format(key: K): string };
    }
) & {
  parts: Readonly<Record<string, ReactNode>>;
}) {
  // format() with no values leaves every placeholder in place; split keeps the names at odd indexes.
  const text = t === undefined ? shopT.format(id) : t.format(id);
  const pieces = text.split(PLACEHOLDER);
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 1 && Object.prototype.hasOwnProperty.call(parts, piece) ? (
          <Fragment key={index}>{parts[piece]}</Fragment>
        ) : index % 2 === 1 ? (
          `{${piece}}`
        ) : (
          piece
        ),
      )}
    </>
  );
}
