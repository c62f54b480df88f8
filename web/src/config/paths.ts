/**
 * Route table: the contract's table of web pages (contract/src/web-paths.ts), which the server's
 * mails, notifications and sitemaps link through too.
 */
export { paths, segment } from '@shop/contract/web-paths';
