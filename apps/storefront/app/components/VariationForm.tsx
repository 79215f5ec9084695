import { catalogT } from '../messages-catalog';
import {
  AddToCartButton,
  addToCartSuccessMessage,
  QuantityInput,
  VariationSelects,
} from '@cartwright/ui-components';
import { useState, useSyncExternalStore } from 'react';
import {
  chosenVariation,
  type OptionVariation,
  type ProductChoice,
  type Selection,
} from '../lib/variations';
import { useCartController, useCartState } from './CartProvider';
import { viewCartLink } from './ProductAddToCart';

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

export interface VariationFormProps {
  /** The variable product's id: what the form posts as `add-to-cart` without JavaScript. */
  productId: number;
  name: string;
  sku: string;
  /** The product page, where a failed add sends the shopper. */
  productLink: string;
  choice: ProductChoice;
  selection: Selection;
  onSelect: (field: string, slug: string) => void;
  onClear: () => void;
}

/**
 * The product page's choice of options for a variable product: ui-components' VariationSelects
 * (one labelled select per attribute; values no variation in stock has, given the other
 * choices, are disabled and say why), a quantity and the add-to-cart button, in one form.
 *
 * Without JavaScript the form posts `add-to-cart`, the `attribute_pa_…` fields and the
 * quantity (WooCommerce's variable product form) and the store finds the variation. With it,
 * the chosen variation is added through the cart queue, and a choice that is incomplete or
 * unavailable is explained instead.
 */
export function VariationForm({
  productId,
  name,
  sku,
  productLink,
  choice,
  selection,
  onSelect,
  onClear,
}: VariationFormProps) {
  const controller = useCartController();
  const [problem, setProblem] = useState<string | null>(null);
  // The variation id is filled in only once scripts run: a page posted without them must not
  // carry the id of a choice the shopper changed since (the store then reads the fields).
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const variation: OptionVariation | undefined = chosenVariation(choice, selection);
  const buttonId = variation ? String(variation.id) : '';
  const state = useCartState((snapshot) => (buttonId ? snapshot.buttons[buttonId] : undefined));
  const complete = choice.attributes.every((attribute) => selection[attribute.field]);
  const successMessage = addToCartSuccessMessage(name);

  return (
    <AddToCartButton
      productId={productId}
      name={name}
      sku={variation?.sku ?? sku}
      productType="variable"
      successMessage={successMessage}
      status={state?.status ?? 'idle'}
      showViewCart={state?.showViewCart ?? false}
      cartUrl="/cart/"
      renderLink={viewCartLink}
      // Without scripts the page's own action adds the choice (routes/product.tsx).
      action={productLink}
      quantityField={
        <>
          <VariationSelects
            choice={choice}
            selection={selection}
            onSelect={(field, slug) => {
              setProblem(null);
              onSelect(field, slug);
            }}
            {...(hydrated ? { onClear } : {})}
          />
          <input
            type="hidden"
            name="variation_id"
            value={hydrated && variation ? variation.id : ''}
          />
          <QuantityInput
            key={variation?.id ?? 0}
            name="quantity"
            label={`${name} quantity`}
            min={1}
            max={variation && variation.maxQuantity > 0 ? variation.maxQuantity : undefined}
            defaultValue={1}
          />
          {problem ? (
            <p className="variations__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </>
      }
      onAdd={(data, event) => {
        // Before hydration there is no handler: the form posts to the store.
        event.preventDefault();
        if (!complete) return setProblem(catalogT.format('variations.chooseFirst'));
        if (!variation || !variation.inStock)
          return setProblem(catalogT.format('variations.noMatch'));
        setProblem(null);
        const id = String(variation.id);
        void controller.add(id, {
          data: { ...data, product_id: id, variation_id: id, product_sku: variation.sku },
          productLink,
          successMessage,
        });
      }}
    />
  );
}
