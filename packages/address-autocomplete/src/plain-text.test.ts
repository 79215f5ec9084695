import { describe, expect, test } from 'vitest';
import { htmlToTextWithoutDom, toPlainText } from './plain-text';

describe('toPlainText without a DOM (server rendering)', () => {
  test('has no DOMParser here, so the fallback is what runs', () => {
    expect(typeof DOMParser).toBe('undefined');
  });

  test.each([
    ['plain text as it is', '10 Downing Street', '10 Downing Street'],
    ['tags removed', '<b>10</b> Downing <i>Street</i>', '10 Downing Street'],
    ['an event handler removed with its tag', '<img src=x onerror=alert(1)>Main St', 'Main St'],
    ['a comment removed', 'Main<!-- x --> St', 'Main St'],
    ['an unterminated tag removed', 'Main St<script', 'Main St'],
    ['tags rebuilt from fragments removed too', '<<b>script>alert(1)<</b>/script>', 'alert(1)'],
    ['a lone < kept as text', '1 < 2 Main St', '1 < 2 Main St'],
    ['named references decoded', 'Smith &amp; Sons &lt;Ltd&gt;', 'Smith & Sons <Ltd>'],
    ['numeric references decoded', '&#49;0 Rue de l&#x27;Église', "10 Rue de l'Église"],
    ['an unknown reference kept', '&bogus; St', '&bogus; St'],
    ['an out-of-range reference replaced', '&#x110000;', '\ufffd'],
  ])('gives %s', (_title, input, expected) => {
    expect(toPlainText(input)).toBe(expected);
    expect(htmlToTextWithoutDom(input)).toBe(expected);
  });
});
