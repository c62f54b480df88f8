import crypto from 'node:crypto';

/**
 * An inline script that does nothing, written before a server-rendered page's body
 * (modules/pages/shell.ts): the HTML parser waits at a script for the stylesheets above it, so the
 * body is parsed once the shop's stylesheet has arrived. Without it Chromium styles and lays out the
 * whole body before the stylesheet is there as soon as the page holds a form control (its form
 * handling asks for layout; the shop's header holds the search box), then again with it, and every
 * button and card goes from the browser's default colours and shadows to the shop's through its CSS
 * transition: frames of style, paint and raster for a few hundred milliseconds of a phone's load
 * (docs/decisions/079). The Content-Security-Policy (lib/security.ts) allows this one script by
 * its hash, no other inline script.
 */
const STYLES_FIRST_SOURCE = '/* the stylesheet first */';
export const STYLES_FIRST_SCRIPT = `<script>${STYLES_FIRST_SOURCE}</script>`;
/** The script's CSP source expression: its SHA-256, from the same text the page writes. */
export const STYLES_FIRST_HASH = `'sha256-${crypto.createHash('sha256').update(STYLES_FIRST_SOURCE).digest('base64')}'`;
