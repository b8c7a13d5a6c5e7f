import * as z from 'zod';
import { loadConfig } from '../shared/config';

/** Where the web app lives, for links in emails (the `app:url` grant). */
export const APP_URL = loadConfig(z.object({ APP_URL: z.url() })).APP_URL.replace(/\/+$/, '');
