import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { i18n } from './i18n';
import { DEFAULT_LANGUAGE } from './i18n/languages';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { recordDocumentTitle } from './lib/use-document-title';

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** The <title> the page set, if it sets one. */
  title: string | undefined;
}

/**
 * Renders one public page to HTML for the build (bin/build-web.ts): the browser's tree
 * (main.tsx) under a static router, in Italian, for a visitor. `prerender` waits for the page's
 * code and strings, so the HTML is the finished page.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  let title: string | undefined;
  const stop = recordDocumentTitle((value) => {
    title = value;
  });
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      <AppProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>,
      {
        // React would write the fallback and leave the part to the browser: the build fails instead.
        onError: (error) => void errors.push(error),
        // Every boundary inline: React otherwise moves large ones to the end of the document,
        // put in place by an inline script, which the CSP forbids and no-JS readers never run.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    if (errors.length) {
      throw new AggregateError(errors, `${url} did not render: ${String(errors[0])}`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const html = Buffer.concat(chunks).toString('utf8');
    // A boundary left pending or to the browser would need a script to show its content.
    if (/<!--\$[?!]-->|<template|<script/.test(html)) {
      throw new Error(`${url} rendered a part that only a script could show`);
    }
    return { html, title };
  } finally {
    stop();
  }
}
