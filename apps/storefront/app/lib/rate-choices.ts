import { useEffect, useRef, type RefObject } from 'react';
import { changedSinceMarkup } from './pre-hydration';

/** The package of a shipping rate radio (`shipping_method[0]` → 0); `null` for another name. */
export function ratePackageOf(name: string): number | null {
  const prefix = 'shipping_method[';
  if (!name.startsWith(prefix) || !name.endsWith(']')) return null;
  const digits = name.slice(prefix.length, -1);
  const packageId = Number(digits);
  // Written as the number itself: not `[]` (0 to `Number`), `[ 1]`, `[0x1]` or `[1e1]`.
  return Number.isInteger(packageId) && packageId >= 0 && String(packageId) === digits
    ? packageId
    : null;
}

/** A rate choice as the cart's and the checkout's actions take it: `shipping_method[n]=rate`. */
export function rateChoiceForm(packageId: number, rateId: string): FormData {
  const form = new FormData();
  form.set('intent', 'select-shipping-rate');
  form.set(`shipping_method[${packageId}]`, rateId);
  return form;
}

/**
 * Chooses a shipping rate as soon as the shopper checks one of the rate radios in `form`
 * (`shipping_method[n]`), heard natively on the form: the rates are an island
 * (components/ShippingRates.tsx) whose server markup React dispatches no change events for, so
 * a choice counts whether or not their code is in. A rate checked in the server's markup before
 * the page hydrated is chosen once, on hydration (decision 0064). `key` re-attaches the listener
 * when the form is re-created.
 */
export function useRateChoices(
  form: RefObject<HTMLFormElement | null>,
  choose: (packageId: number, rateId: string) => void,
  key?: string,
): void {
  // The latest `choose` (it closes over the page's fetcher), read by the listener.
  const latest = useRef(choose);
  useEffect(() => {
    latest.current = choose;
  });
  useEffect(() => {
    for (const control of [...(form.current?.elements ?? [])] as HTMLInputElement[]) {
      const packageId = ratePackageOf(control.name);
      if (packageId !== null && control.checked && changedSinceMarkup(control)) {
        latest.current(packageId, control.value);
      }
    }
    // Once, on hydration (the ref object is the same for the component's life): later choices
    // come through the listener below.
  }, [form]);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onChange = (event: Event) => {
      const control = event.target as HTMLInputElement;
      const packageId = ratePackageOf(control.name ?? '');
      if (packageId !== null && control.checked) latest.current(packageId, control.value);
    };
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [form, key]);
}
