import { shopT } from '../messages';

/** The shop's name and tagline as the root loader hands them to every page. */
export interface ShopIdentity {
  name: string;
  description: string;
}

/** A route match as `meta` receives them (only the root's data is read). */
type MetaMatch = { id: string; data?: unknown } | undefined;

/** The shop's identity from the root loader's data ('' before it is known, e.g. an error page). */
export function shopOf(matches: readonly MetaMatch[]): ShopIdentity {
  const data = matches.find((match) => match?.id === 'root')?.data;
  const shop =
    typeof data === 'object' && data !== null ? (data as { shop?: unknown }).shop : undefined;
  if (typeof shop === 'object' && shop !== null) {
    const { name, description } = shop as Record<string, unknown>;
    if (typeof name === 'string') {
      return { name, description: typeof description === 'string' ? description : '' };
    }
  }
  return { name: '', description: '' };
}

/** A page's `<title>`: "Cart – The Shop", or "Orders – My account – The Shop". */
export function pageTitle(
  matches: readonly MetaMatch[],
  page: string,
  { account = false }: { account?: boolean } = {},
): string {
  const site = shopOf(matches).name;
  if (site === '') return page;
  return shopT.format(account ? 'page.accountTitle' : 'page.title', { page, site });
}
