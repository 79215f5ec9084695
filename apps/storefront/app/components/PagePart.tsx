import { useContext, type ComponentType } from 'react';
import { IslandPageContext } from './Island';

/**
 * A route's content that an island page (decision 0084) hydrates as one part, from the props the
 * server wrote beside it, when a shopper first comes to it: the cart page's lines, forms and
 * totals, which all follow the cart. `PagePart` is what the route renders: the component in a
 * part's wrapper (`cw-part`, with its props as JSON in `data-props`), the islands inside it not
 * wrapped on their own (they are the part's); outside an island page's render, the component
 * itself. `Hydrated` is what the island page's registry
 * (`app/islands/`) names: the same markup, from inside the wrapper.
 */
export function pagePart<P extends object>(name: string, Component: ComponentType<P>) {
  function Hydrated(props: P) {
    return (
      <div data-island={name}>
        <Component {...props} />
      </div>
    );
  }
  function PagePart(props: P) {
    if (!useContext(IslandPageContext)) return <Component {...props} />;
    return (
      <div className="cw-part" data-props={JSON.stringify(props)}>
        <IslandPageContext.Provider value={false}>
          <Hydrated {...props} />
        </IslandPageContext.Provider>
      </div>
    );
  }
  return { PagePart, Hydrated };
}
