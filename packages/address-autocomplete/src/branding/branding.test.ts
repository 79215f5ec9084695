// @vitest-environment jsdom
// jsdom, never happy-dom: DOMPurify is known to let script through under happy-dom.
import { describe, expect, test } from 'vitest';
import { createBrandingSanitizer, sanitizeBranding } from './index';

const WOOPAYMENTS =
  'Powered by&nbsp;<img style="height: 15px; width: 45px; margin-bottom: -2px;" src="https://shop.example/google.svg" alt="Google logo">';

describe('sanitizeBranding', () => {
  test("keeps WooPayments' real branding as it is", () => {
    expect(sanitizeBranding(WOOPAYMENTS)).toBe(WOOPAYMENTS);
  });

  test.each(['img', 'span', 'div', 'a', 'b', 'i', 'em', 'strong', 'br'])(
    'allows the tag %s',
    (tag) => {
      const html = tag === 'img' || tag === 'br' ? `<${tag}>` : `<${tag}>x</${tag}>`;
      const template = document.createElement('template');
      template.innerHTML = sanitizeBranding(html);
      expect(template.content.firstElementChild?.localName).toBe(tag);
    },
  );

  test.each([
    ['script', '<script>alert(1)</script>ok', 'ok'],
    ['style', '<style>body{display:none}</style>ok', 'ok'],
    ['iframe', '<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['svg', '<svg><g onload="alert(1)"></g></svg>ok', 'ok'],
    ['form and input', '<form action="https://evil.example"><input name="x"></form>ok', 'ok'],
    ['p (not on the list), keeping its text', '<p>Powered</p>', 'Powered'],
    ['u (not on the list), keeping its text', '<u>Powered</u>', 'Powered'],
  ])('removes the disallowed tag %s', (_title, html, expected) => {
    expect(sanitizeBranding(html)).toBe(expected);
  });

  test.each(['href', 'target', 'rel', 'src', 'alt', 'style', 'class', 'id', 'width', 'height'])(
    'allows the attribute %s',
    (attribute) => {
      const values: Record<string, string> = {
        href: 'https://example.com/',
        target: '_blank',
        rel: 'noopener noreferrer',
        src: 'https://example.com/logo.svg',
        style: 'color: red;',
        id: 'logo',
      };
      const value = values[attribute] ?? '10';
      const template = document.createElement('template');
      template.innerHTML = sanitizeBranding(
        `<a ${attribute}="${value}"><img ${attribute}="${value}"></a>`,
      );
      const element = template.content.querySelector(
        attribute === 'src' || attribute === 'alt' ? 'img' : 'a',
      )!;
      expect(element.hasAttribute(attribute)).toBe(true);
    },
  );

  test.each([
    ['an event handler', '<img src="https://x.example/a.png" onerror="alert(1)">'],
    ['title', '<span title="x">b</span>'],
    ['name', '<img name="cookie">'],
    ['data-*', '<span data-action="buy" data-x="1">b</span>'],
    ['aria-*', '<span aria-hidden="true">b</span>'],
    ['srcset', '<img srcset="https://evil.example/a.png 1x">'],
    ['formaction', '<a formaction="javascript:alert(1)">b</a>'],
  ])('removes the attribute %s', (_title, html) => {
    const template = document.createElement('template');
    template.innerHTML = sanitizeBranding(html);
    const element = template.content.firstElementChild!;
    const names = element.getAttributeNames();
    expect(
      names.every((name) =>
        ['href', 'target', 'rel', 'src', 'alt', 'style', 'class', 'id', 'width', 'height'].includes(
          name,
        ),
      ),
    ).toBe(true);
    expect(
      names.filter((name) => /^(on|data-|aria-|title|name|srcset|formaction)/.test(name)),
    ).toEqual([]);
  });

  test.each([
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: with leading space and case', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
    ['javascript: with an entity-encoded colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['javascript: split by a tab', '<a href="java\tscript:alert(1)">x</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data:text/html', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['an image from javascript:', '<img src="javascript:alert(1)">'],
  ])('drops a %s URL', (_title, html) => {
    const result = sanitizeBranding(html);
    expect(result).not.toMatch(/script:|data:text/i);
    expect(result).not.toMatch(/href=|src=/);
  });

  test('keeps http(s), mailto and relative links', () => {
    for (const href of [
      'https://a.example/',
      'http://a.example/',
      'mailto:help@a.example',
      '/about/',
      '#top',
    ]) {
      expect(sanitizeBranding(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    }
  });

  test.each([
    ['url()', 'background: url(https://tracker.example/pixel.gif)'],
    ['url() with javascript:', 'background-image: url("javascript:alert(1)")'],
    ['expression()', 'width: expression(alert(1))'],
    ['-moz-binding', '-moz-binding: url(https://evil.example/x.xml#xss)'],
    ['behavior', 'behavior: url(x.htc)'],
    ['@import', '@import "https://evil.example/x.css"'],
    ['a backslash escape', 'background: u\\72l(https://evil.example/)'],
    ['image-set()', 'background: image-set("https://evil.example/a.png" 1x)'],
  ])('drops a style with %s', (_title, style) => {
    expect(sanitizeBranding(`<span style='${style}'>x</span>`)).toBe('<span>x</span>');
  });

  test('prefixes ids so branding cannot clobber document or window properties', () => {
    const result = sanitizeBranding(
      '<img id="cookie" src="https://a.example/x.png"><span id="location">x</span>',
    );
    expect(result).toContain('id="user-content-cookie"');
    expect(result).toContain('id="user-content-location"');
    const host = document.createElement('div');
    host.innerHTML = result;
    document.body.append(host);
    expect(typeof document.cookie).toBe('string');
    host.remove();
  });

  test('gives every link a safe rel and keeps only _blank or _self as target', () => {
    expect(sanitizeBranding('<a href="https://a.example/" target="_blank">x</a>')).toBe(
      '<a href="https://a.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeBranding('<a href="https://a.example/" rel="opener" target="_top">x</a>')).toBe(
      '<a href="https://a.example/" rel="noopener noreferrer">x</a>',
    );
  });

  test.each([
    ['a number', 42],
    ['null', null],
    ['an object', { html: '<b>x</b>' }],
  ])('refuses %s with invalid_branding', (_title, value) => {
    expect(() => sanitizeBranding(value as never)).toThrow(
      expect.objectContaining({ name: 'AddressAutocompleteError', code: 'invalid_branding' }),
    );
  });

  test('an empty string stays empty', () => {
    expect(sanitizeBranding('')).toBe('');
  });
});

describe('createBrandingSanitizer', () => {
  test('works with a window of its own (here an iframe; jsdom on a server)', () => {
    const frame = document.body.appendChild(document.createElement('iframe'));
    const sanitize = createBrandingSanitizer(
      frame.contentWindow as unknown as Window & typeof globalThis,
    );
    expect(sanitize('<b onclick="alert(1)">Powered</b>')).toBe('<b>Powered</b>');
  });
});
