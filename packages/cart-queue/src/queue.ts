/**
 * A serial promise queue: tasks run one at a time, in the order they were
 * enqueued, whatever each one's outcome. Spec §4 "Cart request queue": cart
 * requests are queued and run one at a time.
 */
export interface SerialQueue {
  /**
   * Adds a task to the end of the queue. The returned promise settles with the
   * task's own result once every earlier task has settled and this one has run.
   */
  enqueue<T>(task: () => Promise<T> | T): Promise<T>;
  /** How many tasks are waiting or running. */
  readonly size: number;
  /** Resolves once the queue is empty (immediately if it already is). */
  idle(): Promise<void>;
}

/**
 * Creates a {@link SerialQueue}.
 *
 * @example
 * const queue = createSerialQueue();
 * await Promise.all([queue.enqueue(addA), queue.enqueue(removeB)]); // addA settles before removeB starts
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;

  return {
    enqueue<T>(task: () => Promise<T> | T): Promise<T> {
      size += 1;
      const run = tail.then(() => task());
      // The chain continues after a failure: one failed cart request must not block the rest.
      tail = run.then(
        () => {
          size -= 1;
        },
        () => {
          size -= 1;
        },
      );
      return run;
    },
    get size() {
      return size;
    },
    idle() {
      return tail.then(() => undefined);
    },
  };
}
