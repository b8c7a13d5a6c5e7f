/** The battery of browser-printed invoices: several per language, seven languages, and a round of fresh ones. */
import { GERMAN } from './de';
import { ENGLISH } from './en';
import { SPANISH } from './es';
import { FRENCH } from './fr';
import { FRESH } from './fresh';
import { ITALIAN } from './it';
import type { PrintedInvoice } from './model';
import { DUTCH } from './nl';
import { POLISH } from './pl';

export { printOptions, type Printed, type PrintedInvoice } from './model';

export const PRINTED_INVOICES: PrintedInvoice[] = [
  ...ITALIAN,
  ...ENGLISH,
  ...GERMAN,
  ...FRENCH,
  ...SPANISH,
  ...DUTCH,
  ...POLISH,
  ...FRESH,
];
