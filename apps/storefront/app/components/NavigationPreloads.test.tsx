// @vitest-environment jsdom
import { act, useLayoutEffect, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { island } from './Island';
import { NavigationPreloads } from './NavigationPreloads';

// Decision 0075 in a real router and React, on React's own scheduling (outside `act`, as in a
// page): what happened, in order.
const events: string[] = [];

function Notes({ text }: { text: string }) {
  return <p>{text}</p>;
}

const actEnvironment = (on: boolean) => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
};

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  actEnvironment(true);
  act(() => root?.unmount());
  container?.remove();
  events.length = 0;
});

/**
 * A page at `/` and one at `/next` (route id `next`, data at once) that shows `Island`, with
 * `before` run as the next page renders, before the island does. Navigates there and resolves
 * once the next page has been put in.
 */
async function navigateToIsland(
  Island: ComponentType<{ text: string }>,
  { before = () => {}, discovered = true }: { before?: () => void; discovered?: boolean } = {},
) {
  function Next() {
    events.push('rendered');
    before();
    // What the page showed when it was put in: the island live, or empty until its code.
    useLayoutEffect(() => {
      const notes = container?.querySelector('[data-island]');
      events.push(`shown ${notes?.hasAttribute('data-live') === true ? 'live' : 'empty'}`);
    }, []);
    return <Island text="Leave at the door" />;
  }
  const next = { id: 'next', path: '/next', loader: () => 'data', element: <Next /> };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        element: (
          <>
            <NavigationPreloads />
            <Outlet />
          </>
        ),
        children: [
          { id: 'here', path: '/', element: <h1>Cart</h1> },
          { id: 'not-found', path: '*', element: <h1>Not found</h1> },
          ...(discovered ? [next] : []),
        ],
      },
    ],
    {
      // Not discovered yet: the router learns of the route as the navigation begins, a moment
      // later (as React Router's framework mode fetches its manifest's missing routes).
      patchRoutesOnNavigation: async ({ path, patch }) => {
        if (discovered || path !== '/next') return;
        await new Promise((resolve) => setTimeout(resolve, 10));
        patch('root', [next]);
      },
    },
  );
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  actEnvironment(true);
  act(() => root!.render(<RouterProvider router={router} />));
  expect(container.querySelector('h1')?.textContent).toBe('Cart');
  actEnvironment(false);
  void router.navigate('/next');
  await vi.waitFor(() => expect(events.some((event) => event.startsWith('shown'))).toBe(true));
  return container.querySelector('[data-island]');
}

/** An island of the `next` route whose code comes 20 ms after it is asked for (as over a network). */
const islandAskedFor = (name: string) =>
  island<{ text: string }>({
    name,
    load: () => {
      events.push('asked');
      return new Promise((resolve) => setTimeout(() => resolve(Notes), 20));
    },
    server: undefined,
    routes: ['next'],
  });

describe('NavigationPreloads and the islands of the next page', () => {
  test("the data comes before React has rendered the router's 'loading' state: the island's code is still asked for before the page renders, and the page comes with it live", async () => {
    const NotesIsland = islandAskedFor('notes');
    // The loader answers within microtasks: the router's "loading" and "idle" updates (React
    // transitions) both reach React before its render task, which renders them as one.
    const notes = await navigateToIsland(NotesIsland);

    expect(events.indexOf('asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('asked')).toBeLessThan(events.indexOf('rendered'));
    expect(events.filter((event) => event.startsWith('shown'))).toEqual(['shown live']);
    expect(notes?.textContent).toBe('Leave at the door');
  });

  test('the code comes while the page renders: the island that waited for it is live in that render, not empty', async () => {
    let arrive: (component: ComponentType<{ text: string }>) => void = () => {};
    const code = new Promise<ComponentType<{ text: string }>>((resolve) => (arrive = resolve));
    const NotesIsland = island<{ text: string }>({
      name: 'notes-late',
      load: () => code,
      server: undefined,
      routes: ['next'],
    });
    // The chunk arrives between the page's render and the island's: the island starts its
    // render without it, waits (`use`), and React, seeing the wait over at once, goes on with
    // that render as it was rather than starting again.
    const notes = await navigateToIsland(NotesIsland, { before: () => arrive(Notes) });

    expect(events.filter((event) => event.startsWith('shown'))).toEqual(['shown live']);
    expect(notes?.textContent).toBe('Leave at the door');
  });

  test("the next page's route is found as the navigation goes (matched by the catch-all first): its islands' code is asked for once it is, before the page renders", async () => {
    const NotesIsland = islandAskedFor('notes-found');
    const notes = await navigateToIsland(NotesIsland, { discovered: false });

    expect(events.indexOf('asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('asked')).toBeLessThan(events.indexOf('rendered'));
    expect(events.filter((event) => event.startsWith('shown'))).toEqual(['shown live']);
    expect(notes?.textContent).toBe('Leave at the door');
  });
});
