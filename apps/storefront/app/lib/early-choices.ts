import { EARLY_CHOICES_GLOBAL } from './deferred-scripts';

/**
 * The choices the shopper made in the server's markup before the page hydrated, for the
 * selects named `names` (recorded by the inline loader, `lib/deferred-scripts-loader.ts`): each is
 * given once and forgotten, so a later visit to the same route does not see it again. React
 * puts a controlled select back to the page's state when it hydrates; a route that keeps a
 * select's value in state calls this in a mount effect and applies what it gets.
 */
export function takeEarlyChoices(names: readonly string[]): Record<string, string> {
  const early = (window as unknown as Record<string, Record<string, string> | undefined>)[
    EARLY_CHOICES_GLOBAL
  ];
  const taken: Record<string, string> = {};
  if (!early) return taken;
  for (const name of names) {
    if (!Object.hasOwn(early, name)) continue;
    taken[name] = early[name] as string;
    delete early[name];
  }
  return taken;
}
