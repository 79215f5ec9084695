import type { Logger, Timers } from './types';

// Platform defaults, resolved when called, never at import time (CONVENTIONS.md 3).
export const consoleLogger: Logger = {
  error: (...data) => console.error(...data),
  warn: (...data) => console.warn(...data),
};

export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
