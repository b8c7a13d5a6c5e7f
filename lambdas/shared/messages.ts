/**
 * The server's bilingual messages live with the domain (`lambdas/domain/messages.ts`), which
 * writes most of them; the HTTP layer and the handlers read them from here as before.
 */
export * from '../domain/messages';
