/** Types of scenario.mjs (plain JavaScript so the recorder runs with no build step). */
export type Shape = string | { '{}': Record<string, Shape> } | { '[]': Shape | null } | null;

export interface Answer {
  id: string;
  status: number;
  contentType: string;
  headers: Record<string, boolean>;
  cookies: string[];
  contract: { code?: string; message?: string; dataStatus?: number; params?: string[] };
  body: Shape;
}

export function shapeOf(value: unknown): Shape;
export function shapeDifferences(woo: Shape, ours: Shape, path?: string): string[];
export function answerDifferences(woo: Answer, ours: Answer | undefined): string[];
export function runScenario(base: string): Promise<Answer[]>;
