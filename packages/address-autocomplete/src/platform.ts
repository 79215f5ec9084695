import type { Timers } from './types';

// Platform defaults, resolved when called, never at import time (CONVENTIONS.md 3).
// The default logger is `console` itself, read where a function starts (`logger ?? console`).

export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
