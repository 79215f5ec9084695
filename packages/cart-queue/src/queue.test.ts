import { describe, expect, test } from 'vitest';
import { createSerialQueue } from './queue';

const defer = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('createSerialQueue', () => {
  test('runs tasks one at a time, in the order they were enqueued', async () => {
    const queue = createSerialQueue();
    const events: string[] = [];
    const first = defer<string>();
    const a = queue.enqueue(async () => {
      events.push('a:start');
      const value = await first.promise;
      events.push('a:end');
      return value;
    });
    const b = queue.enqueue(() => {
      events.push('b:start');
      return 'b';
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual(['a:start']);
    expect(queue.size).toBe(2);
    first.resolve('a');
    await expect(a).resolves.toBe('a');
    await expect(b).resolves.toBe('b');
    expect(events).toEqual(['a:start', 'a:end', 'b:start']);
    await queue.idle();
    expect(queue.size).toBe(0);
  });

  test('a failed task rejects its own promise and the next task still runs', async () => {
    const queue = createSerialQueue();
    const failure = new Error('network down');
    const a = queue.enqueue(() => Promise.reject(failure));
    const b = queue.enqueue(() => 'next');
    await expect(a).rejects.toBe(failure);
    await expect(b).resolves.toBe('next');
  });
});
