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
    ['an unterminated comment removed', 'Main St<!-- x', 'Main St'],
    ['an unterminated tag removed', 'Main St<script', 'Main St'],
    ['tags rebuilt from fragments removed too', '<<b>script>alert(1)<</b>/script>', 'alert(1)'],
    ['a lone < kept as text', '1 < 2 Main St', '1 < 2 Main St'],
    ['character references left as written', 'Smith &amp; Sons &#49;0', 'Smith &amp; Sons &#49;0'],
  ])('gives %s', (_title, input, expected) => {
    expect(toPlainText(input)).toBe(expected);
    expect(htmlToTextWithoutDom(input)).toBe(expected);
  });
});
