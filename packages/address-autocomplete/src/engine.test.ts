import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AddressAutocompleteStateReducer } from './combobox';
import { createAddressAutocomplete } from './engine';
import type { AddressAutocompleteOptions } from './engine';
import { fakeProvider, memoryFields, setup, suggestion } from './test-helpers';
import type { Address } from './types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function engineFor(
  options: Partial<AddressAutocompleteOptions> & {
    providers?: ReturnType<typeof fakeProvider>[];
    initial?: Partial<Address>;
  } = {},
) {
  const { providers, initial, ...rest } = options;
  const context = setup({ providers });
  const form = memoryFields(initial);
  const engine = createAddressAutocomplete({
    registry: context.registry,
    addressType: 'billing',
    country: 'GB',
    fields: form.fields,
    logger: context.logger,
    ...rest,
  });
  const listener = vi.fn();
  engine.subscribe(listener);
  return { ...context, ...form, engine, listener, provider: context.providers[0]! };
}

const openWith = async (engine: ReturnType<typeof engineFor>['engine'], query = 'Downing') => {
  await engine.input(query);
  expect(engine.getSnapshot().status).toBe('open');
};

describe('availability', () => {
  test('is available when a provider can search the country, per address type', () => {
    const { engine } = engineFor({ country: 'GB' });
    expect(engine.getSnapshot()).toMatchObject({ status: 'closed', providerId: 'first' });
    const other = engineFor({ country: 'FR', addressType: 'shipping' });
    expect(other.engine.getSnapshot()).toMatchObject({ status: 'unavailable', providerId: null });
    expect(other.engine.getInputAttributes()).toEqual({});
  });

  test('is re-checked whenever the country changes', () => {
    const { engine, provider } = engineFor({ country: 'GB' });
    engine.setCountry('FR');
    expect(engine.getSnapshot().status).toBe('unavailable');
    engine.setCountry('US');
    expect(engine.getSnapshot()).toMatchObject({
      status: 'closed',
      country: 'US',
      providerId: 'first',
    });
    expect(provider.canSearch).toHaveBeenLastCalledWith('US');
  });

  test('becomes available when a provider registers after the form was created', () => {
    const { engine, registry, listener } = engineFor({ providers: [], country: 'GB' });
    expect(engine.getSnapshot().status).toBe('unavailable');
    registry.registerAddressAutocompleteProvider(fakeProvider('second'));
    expect(engine.getSnapshot()).toMatchObject({ status: 'closed', providerId: 'second' });
    expect(listener).toHaveBeenCalled();
  });

  test('does not search while unavailable', async () => {
    const { engine, provider } = engineFor({ country: 'FR' });
    await engine.input('Rue de Rivoli');
    expect(provider.search).not.toHaveBeenCalled();
    expect(engine.getSnapshot().status).toBe('unavailable');
  });
});

describe('search', () => {
  test('runs only from 3 characters, with the query, country and address type', async () => {
    const { engine, provider } = engineFor();
    await engine.input('Do');
    expect(provider.search).not.toHaveBeenCalled();
    await engine.input('Dow');
    expect(provider.search).toHaveBeenCalledExactlyOnceWith('Dow', 'GB', 'billing', {
      signal: expect.any(AbortSignal) as AbortSignal,
    });
    expect(engine.getSnapshot()).toMatchObject({
      status: 'open',
      query: 'Dow',
      highlightedIndex: -1,
    });
  });

  test('reduces the query to plain text first, and counts its 3 characters after that', async () => {
    const { engine, provider, logger } = engineFor();
    await engine.input('<b>ab</b>');
    expect(provider.search).not.toHaveBeenCalled();
    await engine.input('<img src=x onerror=alert(1)>Downing <i>&</i> Co');
    expect(provider.search).toHaveBeenCalledWith(
      'Downing & Co',
      'GB',
      'billing',
      expect.anything(),
    );
    expect(logger.warn).toHaveBeenCalledWith('Input was sanitized for security');
  });

  test('keeps at most 5 suggestions', async () => {
    const provider = fakeProvider('first', {
      search: () => Promise.resolve([1, 2, 3, 4, 5, 6, 7].map((n) => suggestion(n))),
    });
    const { engine } = engineFor({ providers: [provider] });
    await engine.input('Main');
    expect(engine.getSnapshot().suggestions.map((item) => item.id)).toEqual([
      'place-1',
      'place-2',
      'place-3',
      'place-4',
      'place-5',
    ]);
    expect(engine.getAnnouncement()).toBe('5 address suggestions available');
  });

  test.each([
    ['an object', { suggestions: [] }],
    ['null', null],
    ['a string', 'Main Street'],
  ])('rejects a result that is %s and closes the list silently', async (_title, result) => {
    const provider = fakeProvider('first');
    const { engine, logger } = engineFor({ providers: [provider] });
    await openWith(engine);
    provider.search.mockResolvedValueOnce(result as never);
    await engine.input('Downing S');
    expect(engine.getSnapshot()).toMatchObject({ status: 'closed', suggestions: [] });
    expect(engine.getAnnouncement()).toBe('');
    expect(logger.error).toHaveBeenCalledWith('Invalid suggestions response - not an array');
  });

  test('closes the list silently when the search fails', async () => {
    const provider = fakeProvider('first');
    const { engine, logger } = engineFor({ providers: [provider] });
    await openWith(engine);
    const failure = new Error('quota');
    provider.search.mockRejectedValueOnce(failure);
    await engine.input('Downing St');
    expect(engine.getSnapshot().status).toBe('closed');
    expect(logger.error).toHaveBeenCalledWith('Address search error:', failure);
  });

  test('announces "No results" after an empty search, with the list closed', async () => {
    const provider = fakeProvider('first', { search: () => Promise.resolve([]) });
    const { engine } = engineFor({ providers: [provider] });
    await engine.input('Nowhere');
    expect(engine.getSnapshot().status).toBe('closed');
    expect(engine.getAnnouncement()).toBe('No results');
  });

  test('aborts an older search and never lets its answer replace a newer one', async () => {
    const answers: Array<(value: ReturnType<typeof suggestion>[]) => void> = [];
    const signals: AbortSignal[] = [];
    const provider = fakeProvider('first', {
      search: (
        _query: string,
        _country: string,
        _type: string,
        options?: { signal?: AbortSignal },
      ) => {
        signals.push(options!.signal!);
        return new Promise<ReturnType<typeof suggestion>[]>((resolve) => answers.push(resolve));
      },
    });
    const { engine } = engineFor({ providers: [provider] });
    const older = engine.input('Dow');
    const newer = engine.input('Downing');
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    answers[1]!([suggestion(1, 'Newer answer')]);
    await newer;
    answers[0]!([suggestion(2, 'Older answer')]);
    await older;
    expect(engine.getSnapshot().suggestions.map((item) => item.label)).toEqual(['Newer answer']);
  });

  test('a query shortened below 3 characters closes the list and aborts the running search', async () => {
    const signals: AbortSignal[] = [];
    const provider = fakeProvider('first', {
      search: (_q: string, _c: string, _t: string, options?: { signal?: AbortSignal }) => {
        signals.push(options!.signal!);
        return new Promise<never>(() => undefined);
      },
    });
    const { engine } = engineFor({ providers: [provider] });
    void engine.input('Downing');
    await engine.input('Do');
    expect(signals[0]!.aborted).toBe(true);
    expect(engine.getSnapshot().status).toBe('closed');
  });

  test('does not search on autofill, and closes the list', async () => {
    const { engine, provider } = engineFor();
    await openWith(engine);
    await engine.input('10 Downing Street', { autofill: true });
    expect(provider.search).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot().status).toBe('closed');
  });
});

describe('closing the list', () => {
  test('Escape closes it', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    expect(engine.keyDown('Escape')).toBe(true);
    expect(engine.getSnapshot().status).toBe('closed');
  });

  test('a click outside closes it', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    engine.outsideClick();
    expect(engine.getSnapshot().status).toBe('closed');
  });

  test('losing focus closes it 200 ms later, not sooner', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    engine.blur();
    await vi.advanceTimersByTimeAsync(199);
    expect(engine.getSnapshot().status).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.getSnapshot().status).toBe('closed');
  });

  test('focus coming back within 200 ms keeps it open', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    engine.blur();
    await vi.advanceTimersByTimeAsync(150);
    engine.focus();
    await vi.advanceTimersByTimeAsync(500);
    expect(engine.getSnapshot().status).toBe('open');
  });

  test('a country change closes it', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    engine.setCountry('US');
    expect(engine.getSnapshot()).toMatchObject({
      status: 'closed',
      suggestions: [],
      country: 'US',
    });
  });

  test('a country change drops the answer of a search still running', async () => {
    let answer: (value: ReturnType<typeof suggestion>[]) => void = () => undefined;
    const provider = fakeProvider('first', {
      search: () => new Promise<ReturnType<typeof suggestion>[]>((resolve) => (answer = resolve)),
    });
    const { engine } = engineFor({ providers: [provider] });
    const searching = engine.input('Downing');
    engine.setCountry('US');
    answer([suggestion(1)]);
    await searching;
    expect(engine.getSnapshot().status).toBe('closed');
  });

  test('choosing a suggestion closes it', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    await engine.choose(0);
    expect(engine.getSnapshot().status).toBe('closed');
  });
});

describe('keyboard', () => {
  test.each([
    ['ArrowDown from none goes to the first', ['ArrowDown'], 0],
    ['ArrowUp from none goes to the last', ['ArrowUp'], 2],
    [
      'ArrowDown wraps from the last to the first',
      ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'],
      0,
    ],
    ['ArrowUp wraps from the first to the last', ['ArrowDown', 'ArrowUp'], 2],
    ['ArrowUp moves up', ['ArrowUp', 'ArrowUp'], 1],
  ])('%s', async (_title, keys, expected) => {
    const { engine } = engineFor();
    await openWith(engine);
    for (const key of keys) expect(engine.keyDown(key)).toBe(true);
    expect(engine.getSnapshot().highlightedIndex).toBe(expected);
    expect(engine.getInputAttributes()['aria-activedescendant']).toBe(
      `suggestion-item-billing-${expected}`,
    );
  });

  test('keys are not handled while the list is closed', () => {
    const { engine } = engineFor();
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', 'Escape'])
      expect(engine.keyDown(key)).toBe(false);
  });

  test('Enter with no active item is not handled (the form may submit)', async () => {
    const { engine, provider } = engineFor();
    await openWith(engine);
    expect(engine.keyDown('Enter')).toBe(false);
    expect(provider.select).not.toHaveBeenCalled();
  });

  test('Enter chooses the active item', async () => {
    const { engine, provider } = engineFor();
    await openWith(engine);
    engine.keyDown('ArrowDown');
    engine.keyDown('ArrowDown');
    expect(engine.keyDown('Enter')).toBe(true);
    expect(provider.select).toHaveBeenCalledExactlyOnceWith('place-2');
  });

  test('hovering an option makes it active; a new input clears the active one', async () => {
    const { engine } = engineFor();
    await openWith(engine);
    engine.hover(2);
    expect(engine.getSnapshot().highlightedIndex).toBe(2);
    await engine.input('Downing S');
    expect(engine.getSnapshot().highlightedIndex).toBe(-1);
  });

  test('a stateReducer can override a transition', async () => {
    const stateReducer: AddressAutocompleteStateReducer = (state, { type, changes }) =>
      type === 'BlurTimedOut' ? state : changes;
    const { engine } = engineFor({ stateReducer });
    await openWith(engine);
    engine.blur();
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getSnapshot().status).toBe('open');
    engine.keyDown('Escape');
    expect(engine.getSnapshot().status).toBe('closed');
  });
});

describe('choosing a suggestion', () => {
  test('sets country and address_1 first, then about 50 ms later the others, clearing what the address lacks', async () => {
    const { engine, values, writes } = engineFor({
      initial: {
        country: 'US',
        address_1: 'Dow',
        address_2: 'Flat 4',
        city: 'Boston',
        postcode: '02101',
        state: 'MA',
      },
    });
    await openWith(engine);
    await engine.choose(0);
    expect(writes).toEqual(['country=GB', 'address_1=10 Downing Street']);
    expect(engine.getSnapshot().country).toBe('GB');
    await vi.advanceTimersByTimeAsync(49);
    expect(writes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([
      'country=GB',
      'address_1=10 Downing Street',
      'address_2=',
      'city=London',
      'postcode=SW1A 2AA',
      'state=',
    ]);
    expect(values).toEqual({
      country: 'GB',
      address_1: '10 Downing Street',
      address_2: '',
      city: 'London',
      postcode: 'SW1A 2AA',
      state: '',
    });
  });

  test('leaves alone an empty or missing field the address lacks', async () => {
    const { engine, writes } = engineFor({ initial: { country: 'GB', address_1: '', city: '' } });
    await openWith(engine);
    await engine.choose(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(writes).toEqual([
      'country=GB',
      'address_1=10 Downing Street',
      'city=London',
      'postcode=SW1A 2AA',
    ]);
  });

  test('logs a select error and changes nothing', async () => {
    const failure = new Error('gone');
    const provider = fakeProvider('first', { select: () => Promise.reject(failure) });
    const { engine, writes, logger } = engineFor({
      providers: [provider],
      initial: { city: 'Leeds' },
    });
    await openWith(engine);
    await engine.choose(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(logger.error).toHaveBeenCalledWith(
      'Error selecting address from provider',
      'first',
      failure,
    );
    expect(writes).toEqual([]);
  });

  test('ignores a select result that is not an object', async () => {
    const provider = fakeProvider('first', { select: () => Promise.resolve(null as never) });
    const { engine, writes } = engineFor({ providers: [provider] });
    await openWith(engine);
    await engine.choose(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(writes).toEqual([]);
  });

  test('a second choice cancels the pending fill of the first', async () => {
    const provider = fakeProvider('first');
    provider.select
      .mockResolvedValueOnce({ country: 'GB', address_1: 'First', city: 'Leeds' })
      .mockResolvedValueOnce({ country: 'GB', address_1: 'Second', city: 'York' });
    const { engine, writes } = engineFor({ providers: [provider] });
    await openWith(engine);
    await engine.choose(0);
    await openWith(engine);
    await engine.choose(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(writes.filter((write) => write.startsWith('city'))).toEqual(['city=York']);
  });
});

describe('attributes', () => {
  test('the input is a combobox that keeps autofill on, controlling the list only while it is open', async () => {
    const { engine } = engineFor();
    expect(engine.getInputAttributes()).toEqual({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-expanded': 'false',
    });
    await openWith(engine);
    expect(engine.getInputAttributes()).toEqual({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-expanded': 'true',
      'aria-controls': 'address_suggestions_billing_list',
    });
    expect(engine.getListAttributes()).toEqual({
      id: 'address_suggestions_billing_list',
      role: 'listbox',
      'aria-label': 'Address suggestions',
    });
    engine.keyDown('ArrowDown');
    expect(engine.getItemAttributes(0)).toEqual({
      id: 'suggestion-item-billing-0',
      role: 'option',
      'aria-selected': 'true',
    });
    expect(engine.getItemAttributes(1)['aria-selected']).toBe('false');
  });

  test('announces one suggestion in the singular, and custom messages when given', async () => {
    const provider = fakeProvider('first', {
      search: () => Promise.resolve([suggestion(1)]),
    });
    const { engine } = engineFor({ providers: [provider] });
    await openWith(engine);
    expect(engine.getAnnouncement()).toBe('1 address suggestion available');
    const custom = engineFor({
      providers: [provider],
      messages: { count: (n) => `${n} Vorschläge` },
    });
    await openWith(custom.engine);
    expect(custom.engine.getAnnouncement()).toBe('1 Vorschläge');
  });

  test('exposes the active provider branding from the server', () => {
    const { engine } = engineFor();
    expect(engine.getBrandingHtml()).toBe('<b>First</b>');
  });
});
