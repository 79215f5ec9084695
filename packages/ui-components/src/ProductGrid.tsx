import { Children, isValidElement } from 'react';
import type { ReactElement, ReactNode } from 'react';

/** Props of {@link ProductGrid}. */
export interface ProductGridProps {
  /** The list's accessible name, e.g. `"Products"` or `"Related products"`. */
  label: string;
  /** The cards; each child becomes one list item. */
  children?: ReactNode;
}

/**
 * A responsive grid of product cards: a `<ul>` with an accessible name, each
 * child wrapped in its own `<li>`. Two columns on phones, three from 48em and
 * four from 64em (with `@cartwright/ui-components/styles.css`).
 *
 * @example
 * <ProductGrid label="Products">
 *   {products.map((product) => <ProductCard key={product.id} {...toCardProps(product)} />)}
 * </ProductGrid>
 */
export function ProductGrid({ label, children }: ProductGridProps): ReactElement {
  return (
    // role="list" is deliberate: Safari/VoiceOver drops list semantics from a
    // <ul> styled with list-style: none unless the role is explicit.
    // eslint-disable-next-line jsx-a11y/no-redundant-roles
    <ul className="cw-product-grid" role="list" aria-label={label}>
      {Children.toArray(children).map((child, index) => (
        <li className="cw-product-grid__item" key={isValidElement(child) ? child.key : index}>
          {child}
        </li>
      ))}
    </ul>
  );
}
