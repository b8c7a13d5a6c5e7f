import { APP_SHELL_FILE, PRERENDERED_PATHS, prerenderedFile } from './prerendered-paths';

/**
 * Which file of the web build answers a URL, as a CloudFront Function (viewer request,
 * cloudfront-js-2.0): a prerendered public page gets its own HTML (`/privacy` and `/privacy/`
 * → /privacy/index.html), every other route without a file extension gets the app shell, and
 * real files (assets, config.json, favicon) are untouched, so a missing one keeps its 403/404.
 * The API has its own behaviour and never reaches this function.
 */
export function webRewriteFunctionCode(): string {
  const pages: Record<string, string> = {};
  for (const page of PRERENDERED_PATHS) pages[page] = `/${prerenderedFile(page)}`;
  return `var PAGES = ${JSON.stringify(pages)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var page = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (Object.prototype.hasOwnProperty.call(PAGES, page)) {
    request.uri = PAGES[page];
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/${APP_SHELL_FILE}';
  }
  return request;
}`;
}

/**
 * The same function run in Node, for servers that stand in for CloudFront (the Lighthouse
 * bench, the prerender journey) and for tests: the path of the file that answers `uri`.
 */
export function webRewrite(): (uri: string) => string {
  const handler = new Function(`${webRewriteFunctionCode()}\nreturn handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  return (uri) => handler({ request: { uri } }).uri;
}
