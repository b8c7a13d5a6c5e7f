/** The battery of browser-printed invoices: four per language, seven languages. */
import { GERMAN } from './de';
import { ENGLISH } from './en';
import { SPANISH } from './es';
import { FRENCH } from './fr';
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
];
