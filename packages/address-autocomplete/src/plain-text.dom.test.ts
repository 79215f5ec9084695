// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { htmlToTextWithoutDom, toPlainText } from './plain-text';

test.each([
  '10 Downing Street',
  '<b>10</b> Downing <i>Street</i>',
  '<img src=x onerror="globalThis.ran = true">Main St',
  'Main<!-- x --> St',
  '1 < 2 Main St',
  '<a href="javascript:alert(1)">Click</a> here',
])('the browser path (DOMParser) and the server fallback agree on %j', (input) => {
  expect(toPlainText(input)).toBe(htmlToTextWithoutDom(input));
  expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
});

test('the browser path decodes character references, as WooCommerce’s textContent does', () => {
  expect(toPlainText('Smith &amp; Sons &lt;Ltd&gt; &#49;0 Rue de l&#x27;&Eacute;glise')).toBe(
    "Smith & Sons <Ltd> 10 Rue de l'Église",
  );
});
