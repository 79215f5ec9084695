import { describe, expect, test } from 'vitest';
import { PREFETCHED_LINKS, SPECULATION_RULES, speculationRulesScript } from './speculation-rules';

describe('speculation rules', () => {
  test('only product cards, same-origin, on a pointer resting on them', () => {
    expect(JSON.parse(SPECULATION_RULES)).toEqual({
      prefetch: [
        {
          where: { and: [{ selector_matches: PREFETCHED_LINKS }, { href_matches: '/*' }] },
          eagerness: 'moderate',
        },
      ],
    });
    expect(PREFETCHED_LINKS).toBe('a.cw-product-card__link');
  });

  test('the script carries the nonce and cannot end early', () => {
    const script = speculationRulesScript('n0+/=');
    expect(script.startsWith('<script type="speculationrules" nonce="n0+/=">')).toBe(true);
    expect(script.indexOf('</script')).toBe(script.length - '</script>'.length);
  });
});
