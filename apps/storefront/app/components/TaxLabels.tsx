import { checkoutT } from '../messages-checkout';

/** WooCommerce's `tax_label` after an amount: "(incl. tax)" or "(ex. tax)"; nothing if empty. */
export function TaxLabel({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <small className="tax_label"> {text}</small>;
}

/**
 * WooCommerce's "(includes $1.45 tax)" after a total shown including tax; nothing when the
 * total includes none (or tax is shown as its own lines).
 */
export function IncludedTax({
  amount,
  money,
}: {
  amount: string | null;
  money: (amount: string) => string;
}) {
  if (amount === null) return null;
  return (
    <small className="includes_tax">
      {' '}
      {checkoutT.format('totals.includesTax', { amount: money(amount) })}
    </small>
  );
}
