import { describe, expect, test } from 'vitest';
import { removeEntities, stripTags, trimWhere } from './text';

/** The regular expressions these functions replace, as the reference on short inputs. */
// (eslint-plugin-regexp does not see this one's quadratic scan: the timing test below does.)
const TAGS = /<[^>]*>?/g;
// eslint-disable-next-line regexp/no-super-linear-move -- the reference, only run on short samples
const CLOSED_TAGS = /<[^>]*>/g;
// eslint-disable-next-line regexp/no-super-linear-move -- the reference, only run on short samples
const ENTITIES = /&.+?;/g;

describe('text helpers agree with the patterns they replace, in linear time', () => {
  const samples = [
    '',
    'plain',
    'a<b>c</b>d',
    '<<<>>>',
    'a<b',
    '<',
    '>',
    'x<y>z<',
    '<p>Hi</p><script>alert(1)</script>',
    'a&amp;b',
    '&;x;',
    '&&;',
    'a&b\nc;d',
    '&x\u2028;y;',
    '&&&&',
    ';&;&a;',
    'Tom & Jerry; a&lt;b',
  ];

  test.each(samples)('stripTags(%j)', (sample) => {
    expect(stripTags(sample)).toBe(sample.replace(TAGS, ''));
    expect(stripTags(sample, { replacement: ' ' })).toBe(sample.replace(TAGS, ' '));
    expect(stripTags(sample, { unclosed: 'keep' })).toBe(sample.replace(CLOSED_TAGS, ''));
  });

  test.each(samples)('removeEntities(%j)', (sample) => {
    expect(removeEntities(sample)).toBe(sample.replace(ENTITIES, ''));
  });

  test('trimWhere', () => {
    expect(trimWhere('--a-b--', (c) => c === '-')).toBe('a-b');
    expect(trimWhere('----', (c) => c === '-')).toBe('');
    expect(trimWhere('(x)', (c) => c === '(' || c === ')')).toBe('x');
  });

  test('hostile inputs of 200,000 characters take linear time', () => {
    const time = (run: () => void) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        run();
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    const small = 25_000;
    const large = 200_000;
    for (const [name, make, fn] of [
      ['<<<…', (n: number) => '<'.repeat(n), (s: string) => stripTags(s)],
      ['&&&…', (n: number) => '&'.repeat(n), (s: string) => removeEntities(s)],
      ['&\\n&\\n…;', (n: number) => `${'&\n'.repeat(n / 2)};`, (s: string) => removeEntities(s)],
    ] as const) {
      const a = make(small);
      const b = make(large);
      const ratio =
        time(() => fn(b)) /
        Math.max(
          time(() => fn(a)),
          0.05,
        );
      // 8× the input: linear is ~8×, quadratic would be ~64×.
      expect(ratio, name).toBeLessThan(24);
    }
  });
});
