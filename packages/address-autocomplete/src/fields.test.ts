// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest';
import { isAutofillEvent } from './autofill';
import { createFormFields } from './fields';

describe('createFormFields', () => {
  test('reads and writes {type}_{field} inputs and selects, with a bubbling change event and no input event', () => {
    document.body.innerHTML = `<form>
      <select name="billing_country"><option value="US">US</option><option value="GB">GB</option></select>
      <input name="billing_city" value="Boston"><input name="shipping_city" value="Leeds"></form>`;
    const form = document.querySelector('form')!;
    const events: string[] = [];
    form.addEventListener('change', (event) =>
      events.push(`change:${(event.target as HTMLInputElement).name}`),
    );
    form.addEventListener('input', () => events.push('input'));
    const fields = createFormFields(form, 'billing');
    expect(fields.get('city')).toBe('Boston');
    expect(fields.get('postcode')).toBeUndefined();
    fields.set('city', 'London');
    fields.set('country', 'GB');
    fields.set('postcode', 'SW1A 2AA'); // no such field: nothing happens
    expect(new FormData(form).get('billing_city')).toBe('London');
    expect(new FormData(form).get('billing_country')).toBe('GB');
    expect(new FormData(form).get('shipping_city')).toBe('Leeds');
    expect(events).toEqual(['change:billing_city', 'change:billing_country']);
  });

  test('resolves a root given as a function at each call', () => {
    let root: ParentNode | null = null;
    const fields = createFormFields(() => root, 'shipping');
    expect(fields.get('city')).toBeUndefined();
    const form = document.createElement('form');
    form.innerHTML = '<input name="shipping_city" value="York">';
    root = form;
    expect(fields.get('city')).toBe('York');
  });
});

describe('isAutofillEvent', () => {
  const input = () => document.body.appendChild(document.createElement('input'));

  test.each([
    [
      'typing (insertText)',
      () => new InputEvent('input', { inputType: 'insertText', data: 'a' }),
      false,
    ],
    ['a paste', () => new InputEvent('input', { inputType: 'insertFromPaste' }), false],
    ['a plain Event, as autofill and password managers send', () => new Event('input'), true],
    [
      'insertReplacementText',
      () => new InputEvent('input', { inputType: 'insertReplacementText' }),
      true,
    ],
  ])('%s → %s', (_title, make, expected) => {
    const element = input();
    let result: boolean | undefined;
    element.addEventListener('input', (event) => (result = isAutofillEvent(event)));
    element.dispatchEvent(make());
    expect(result).toBe(expected);
  });

  test('a field the browser marks as autofilled counts as autofill', () => {
    const element = input();
    vi.spyOn(element, 'matches').mockImplementation((selector) => selector === ':-webkit-autofill');
    let result: boolean | undefined;
    element.addEventListener('input', (event) => (result = isAutofillEvent(event)));
    element.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
    expect(result).toBe(true);
  });
});
