import { httpHandler } from '../shared/http';

/** `GET /api/health`: answers when the function can run; used by the local stack and monitors. */
export const handler = httpHandler({ public: true }, async () => ({ ok: true }));
