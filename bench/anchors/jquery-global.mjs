// WordPress loads jQuery as a classic script, so plugins such as BlockUI find it on the
// global object. A bundle has no such script; this prelude recreates that global before
// block-ui runs, so the anchor bundle is one that would really work in a page.
import jQuery from 'jquery';

globalThis.jQuery = jQuery;
