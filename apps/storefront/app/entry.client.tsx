// Every page's entry: every page is an island page (decisions 0082, 0088). The islands' runtime
// hydrates the route's islands and the layout's live parts; React Router never starts in the
// browser.
import './islands.client';
