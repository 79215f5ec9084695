import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  test('defaults to port 3000, the embedded store and the given data directory', () => {
    const config = readConfig({}, '/repo/.data/store');
    expect(config).toMatchObject({ port: 3000, storeUrl: null, dataDir: '/repo/.data/store' });
  });

  test('reads PORT, DATA_DIR and STORE_URL', () => {
    const config = readConfig(
      { PORT: '0', DATA_DIR: 'tmp/store', STORE_URL: 'https://shop.example.com/' },
      '/unused',
    );
    expect(config.port).toBe(0);
    expect(config.dataDir).toBe(path.resolve('tmp/store'));
    expect(config.storeUrl?.origin).toBe('https://shop.example.com');
  });

  test('ANALYTICS_FEATURES: proxy alone by default, a list of the flags that are on, empty for none', () => {
    expect(readConfig({}, '/d').analyticsFeatures).toEqual({
      proxy: true,
      sessionTracking: false,
      ch: false,
    });
    expect(
      readConfig({ ANALYTICS_FEATURES: 'proxy, sessionTracking,ch' }, '/d').analyticsFeatures,
    ).toEqual({ proxy: true, sessionTracking: true, ch: true });
    expect(readConfig({ ANALYTICS_FEATURES: '' }, '/d').analyticsFeatures).toEqual({
      proxy: false,
      sessionTracking: false,
      ch: false,
    });
    expect(() => readConfig({ ANALYTICS_FEATURES: 'proxy,clickhouse' }, '/d')).toThrow(
      'ANALYTICS_FEATURES lists flags from proxy, sessionTracking, ch (got "clickhouse")',
    );
  });

  test('CART_REDIRECT_AFTER_ADD is yes by default and takes yes or no only', () => {
    expect(readConfig({}, '/d').cartRedirectAfterAdd).toBe('yes');
    expect(readConfig({ CART_REDIRECT_AFTER_ADD: 'no' }, '/d').cartRedirectAfterAdd).toBe('no');
    expect(readConfig({}, '/d').honourGpc).toBe(false);
    expect(readConfig({ HONOUR_GPC: 'yes' }, '/d').honourGpc).toBe(true);
    expect(() => readConfig({ HONOUR_GPC: 'true' }, '/d')).toThrow(/HONOUR_GPC must be yes or no/);
    expect(() => readConfig({ CART_REDIRECT_AFTER_ADD: 'maybe' }, '/d')).toThrow(ConfigError);
  });

  test.each([['abc'], ['-1'], ['70000'], ['3.5']])('rejects PORT=%s with a ConfigError', (port) => {
    expect(() => readConfig({ PORT: port }, '/d')).toThrow(ConfigError);
  });

  test.each([['not a url'], ['ftp://shop.example.com'], ['javascript:alert(1)']])(
    'rejects STORE_URL=%s with a ConfigError',
    (storeUrl) => {
      expect(() => readConfig({ STORE_URL: storeUrl }, '/d')).toThrow(ConfigError);
    },
  );
});

describe('readConfig mail', () => {
  test('without SMTP_URL the store writes mail to an outbox beside the data directory', () => {
    const config = readConfig({}, '/repo/.data/store');
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      outboxDir: '/repo/.data/outbox',
      shopEmail: undefined,
    });
    expect(readConfig({ OUTBOX_DIR: '/var/mail/shop' }, '/d/store').mail.outboxDir).toBe(
      '/var/mail/shop',
    );
  });

  test('SMTP_URL and SHOP_EMAIL are read; SMTP_URL must be smtp:// or smtps://', () => {
    const config = readConfig(
      { SMTP_URL: 'smtps://user:pw@mail.example.com:465', SHOP_EMAIL: 'orders@example.com' },
      '/d',
    );
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      shopEmail: 'orders@example.com',
    });
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.com' }, '/d')).toThrow(ConfigError);
  });
});
