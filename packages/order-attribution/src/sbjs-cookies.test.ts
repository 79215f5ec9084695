import { describe, expect, test } from 'vitest';
import { parseSbjsCookies } from './index';

// The package's one cookie rule (docs/security.md, "Cookie header parsing"): trimmed, the first
// cookie of a name wins, `=` inside a value kept, a malformed escape never throws.
describe('parseSbjsCookies reads cookies by the one rule', () => {
  test.each<[string, string, Record<string, string> | undefined]>([
    [
      '`=` inside the value is kept',
      'sbjs_current=typ=organic|||src=google',
      {
        typ: 'organic',
        src: 'google',
      },
    ],
    [
      'percent-encoded',
      'sbjs_current=typ%3Dreferral%7C%7C%7Csrc%3Dnews',
      {
        typ: 'referral',
        src: 'news',
      },
    ],
    [
      'without a space after `;`',
      'a=1;sbjs_current=typ=typein%7C%7C%7Csrc=(direct)',
      {
        typ: 'typein',
        src: '(direct)',
      },
    ],
    [
      'spaces around',
      '  sbjs_current = typ=organic%7C%7C%7Csrc=google  ',
      {
        typ: 'organic',
        src: 'google',
      },
    ],
    [
      'the first of two wins',
      'sbjs_current=typ=organic%7C%7C%7Csrc=a; sbjs_current=typ=utm%7C%7C%7Csrc=b',
      {
        typ: 'organic',
        src: 'a',
      },
    ],
    [
      'a malformed escape is kept as written',
      'sbjs_current=typ=organic|||src=%E0%A4%A',
      {
        typ: 'organic',
        src: '%E0%A4%A',
      },
    ],
    ['a longer name is another cookie', 'xsbjs_current=typ=organic', undefined],
  ])('%s', (_name, header, expected) => {
    expect(parseSbjsCookies(header).data.current).toEqual(expected);
  });
});
