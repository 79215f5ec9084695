import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { accountDashboardT } from '../messages-account-dashboard';
import { RichMessage } from './RichMessage';

const strong = (text: string) => createElement('strong', null, text);

describe('RichMessage', () => {
  test('puts elements where the message has their placeholders, the text around them', () => {
    const html = renderToStaticMarkup(
      createElement(RichMessage, {
        id: 'account.hello',
        t: accountDashboardT,
        parts: { name: strong('Ada'), logout: 'Log out' },
      }),
    );
    expect(html).toBe('Hello <strong>Ada</strong> (not <strong>Ada</strong>? Log out)');
  });

  test('leaves a placeholder without a part as written', () => {
    const html = renderToStaticMarkup(
      createElement(RichMessage, {
        id: 'account.hello',
        t: accountDashboardT,
        parts: { name: 'Ada' },
      }),
    );
    expect(html).toBe('Hello Ada (not Ada? {logout})');
  });
});
