import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPhotonAddressProvider } from './photon';
import { json, startServer } from './test-server';

// Recorded-style Photon answers (written for these tests; no network).
const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}.json`, import.meta.url), 'utf8');
const FIXTURES: Record<string, string> = {
  '10 downing': fixture('photon-downing-street'),
  '1600 pennsylvania': fixture('photon-pennsylvania-avenue'),
  'unter den linden 77': fixture('photon-unter-den-linden'),
};

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer((_request, response, url) => {
    const body = FIXTURES[(url.searchParams.get('q') ?? '').toLowerCase()];
    if (url.pathname === '/api/' && body) return json(response, 200, body);
    if (url.pathname === '/api/' && url.searchParams.get('q') === 'error')
      return json(response, 400, { message: 'missing search term' });
    json(response, 200, { type: 'FeatureCollection', features: [] });
  });
});
afterAll(() => server.close());

const photon = () => createPhotonAddressProvider({ baseUrl: server.origin, debounceMs: 0 });

describe('createPhotonAddressProvider against recorded Photon responses', () => {
  test('asks Photon for 10 results in the configured language', async () => {
    await photon().search('10 Downing', 'GB', 'billing');
    expect(Object.fromEntries(server.requests.at(-1)!.searchParams)).toEqual({
      q: '10 Downing',
      limit: '10',
      lang: 'en',
    });
  });

  test('keeps houses and streets in the requested country, labelled with the query words in bold', async () => {
    const suggestions = await photon().search('10 Downing', 'GB', 'billing');
    expect(suggestions).toEqual([
      {
        id: 'N1879842423',
        label: '10 Downing Street, London, SW1A 2AA',
        matchedSubstrings: [
          { offset: 0, length: 2 },
          { offset: 3, length: 7 },
        ],
      },
      {
        id: 'W4244999',
        label: 'Downing Street, London, SW1A 2AB',
        matchedSubstrings: [{ offset: 0, length: 7 }],
      },
    ]);
  });

  test('selects the address of a suggestion, with the US state as its code', async () => {
    const provider = photon();
    const [white] = await provider.search('1600 Pennsylvania', 'US', 'billing');
    await expect(provider.select(white!.id)).resolves.toEqual({
      country: 'US',
      address_1: '1600 Pennsylvania Avenue Northwest',
      city: 'Washington',
      postcode: '20500',
      state: 'DC',
    });
  });

  test('writes the house number after the street where that is the custom, and leaves unknown states empty', async () => {
    const provider = photon();
    const [adlon] = await provider.search('Unter den Linden 77', 'DE', 'shipping');
    expect(adlon!.label).toBe('Unter den Linden 77, Berlin, 10117');
    await expect(provider.select(adlon!.id)).resolves.toMatchObject({
      address_1: 'Unter den Linden 77',
      state: '',
    });
  });

  test('rejects an id it never returned with unknown_suggestion', async () => {
    await expect(photon().select('N1')).rejects.toMatchObject({ code: 'unknown_suggestion' });
  });

  test('rejects a Photon error with provider_http_error', async () => {
    await expect(photon().search('error', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_http_error',
      status: 400,
      message: 'missing search term',
    });
  });
});
