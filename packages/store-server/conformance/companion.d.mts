/** Types of companion.mjs (plain JavaScript so the recorder runs with no build step). */
import type { Answer } from './scenario.mjs';

/** One recorded answer, with the values the companion scenario compares exactly. */
export interface CompanionAnswer extends Answer {
  facts: {
    items?: number;
    total?: string;
    totalPages?: string;
    loggedIn?: boolean;
    billingName?: string;
    shippingCity?: string;
    sent?: boolean;
    valid?: boolean;
    reset?: boolean;
    login?: string;
    details?: string;
    errorFields?: string[];
  };
}

/** Where the scenario reads the password-reset email the store sends. */
export interface CompanionOptions {
  /** The reset link the store has just emailed to `email`. */
  resetLink(email: string): Promise<string>;
}

/** An emailed password-reset link in a message's text or HTML, or `null`. */
export function resetLinkIn(text: string): string | null;

export function runCompanionScenario(
  base: string,
  tag?: string,
  options?: CompanionOptions,
): Promise<CompanionAnswer[]>;
