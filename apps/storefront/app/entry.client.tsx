import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ISLAND_PAGE_ATTRIBUTE } from './lib/island-page';

// Every page's entry (decision 0082). A page the router hydrates gets React Router's own start;
// an island page (its route says `handle: { hydrate: false }`, root.tsx marks `<html>`) starts
// the islands' runtime instead, which hydrates its islands and the layout's live parts only.
if (document.documentElement.hasAttribute(ISLAND_PAGE_ATTRIBUTE)) {
  void import('./islands.client');
} else {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
