import uiStyles from '@cartwright/ui-components/styles.css?url';
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from 'react-router';
import type { Route } from './+types/root';
import { NotFound } from './components/NotFound';
import appStyles from './app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: uiStyles },
  { rel: 'stylesheet', href: appStyles },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content="Cartwright Demo Store: a WooCommerce-compatible shop." />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="site-header-inner">
            <Link to="/shop/" className="site-title">
              Cartwright Demo Store
            </Link>
            <nav aria-label="Main">
              <ul>
                <li>
                  <Link to="/shop/">Shop</Link>
                </li>
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p>Cartwright Demo Store. Prices in US dollars.</p>
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <>
      <h1>Something went wrong</h1>
      <p>The shop could not load this page. Please try again in a moment.</p>
    </>
  );
}
