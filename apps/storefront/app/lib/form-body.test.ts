import { describe, expect, test } from 'vitest';
import { readForm, unacceptableFormBody } from './form-body';

describe('unacceptableFormBody', () => {
  test.each<[string, string | undefined, number | null]>([
    ['GET', undefined, null],
    ['HEAD', 'application/json', null],
    ['POST', 'application/x-www-form-urlencoded', null],
    ['POST', 'application/x-www-form-urlencoded; charset=UTF-8', null],
    ['post', 'Multipart/Form-Data; boundary=----x', null],
    ['POST', 'multipart/form-data', 400],
    ['POST', 'application/json', 415],
    ['POST', 'text/plain', 415],
    ['POST', 'text/plain;charset=UTF-8', 415],
    ['POST', undefined, 415],
    ['POST', '', 415],
    ['PUT', 'application/xml', 415],
    ['DELETE', undefined, 415],
  ])('%s with %s → %s', (method, type, status) => {
    expect(unacceptableFormBody(method, type)?.status ?? null).toBe(status);
  });
});

describe('readForm', () => {
  test('reads an urlencoded form', async () => {
    const request = new Request('http://shop.example/cart/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=x%3Dy',
    });
    expect(Object.fromEntries(await readForm(request))).toEqual({ a: '1', b: 'x=y' });
  });

  test.each([
    ['application/json', '{"a":1}'],
    ['multipart/form-data; boundary=x', '--x\r\nnot a part'],
  ])('a %s body that is no form is a 400 response, not an exception', async (type, body) => {
    const request = new Request('http://shop.example/cart/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    const error: unknown = await readForm(request).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ type: 'DataWithResponseInit', init: { status: 400 } });
  });
});
