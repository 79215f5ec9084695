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
  };
}

export function runCompanionScenario(base: string, tag?: string): Promise<CompanionAnswer[]>;
