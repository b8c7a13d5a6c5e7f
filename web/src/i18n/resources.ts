import itCommon from './it/common.json';
import itErrors from './it/errors.json';
import itLanding from './it/landing.json';
import { bundledEnglish, type BundledEnglish } from './english-bundle';
import type enAccount from './en/account.json';
import type enAdmin from './en/admin.json';
import type enAuth from './en/auth.json';
import type enCases from './en/cases.json';
import type enClaims from './en/claims.json';
import type enConnect from './en/connect.json';
import type enDashboard from './en/dashboard.json';
import type enDebug from './en/debug.json';
import type enDemo from './en/demo.json';
import type enFeedback from './en/feedback.json';
import type enHelp from './en/help.json';
import type enLegal from './en/legal.json';
import type enShipments from './en/shipments.json';
import type itAccount from './it/account.json';
import type itAdmin from './it/admin.json';
import type itAuth from './it/auth.json';
import type itCases from './it/cases.json';
import type itClaims from './it/claims.json';
import type itConnect from './it/connect.json';
import type itDashboard from './it/dashboard.json';
import type itDebug from './it/debug.json';
import type itDemo from './it/demo.json';
import type itFeedback from './it/feedback.json';
import type itHelp from './it/help.json';
import type itLegal from './it/legal.json';
import type itShipments from './it/shipments.json';

const italian = { common: itCommon, landing: itLanding, errors: itErrors };

/**
 * Namespaces shipped inside the first bundle: what the landing page, the shell and the error
 * pages need before anything else can load. Every other screen's namespace is fetched on demand.
 */
export const bundledResources: { it: typeof italian; en: BundledEnglish } = {
  it: italian,
  en: bundledEnglish,
};

/** The bundled namespaces: a language whose bundle is not shipped loads them on demand. */
export const bundledNamespaces = Object.keys(italian) as (keyof typeof italian)[];

export type Resources = {
  common: typeof itCommon;
  landing: typeof itLanding;
  errors: typeof itErrors;
  auth: typeof itAuth;
  account: typeof itAccount;
  admin: typeof itAdmin;
  debug: typeof itDebug;
  dashboard: typeof itDashboard;
  legal: typeof itLegal;
  help: typeof itHelp;
  demo: typeof itDemo;
  feedback: typeof itFeedback;
  connect: typeof itConnect;
  cases: typeof itCases;
  claims: typeof itClaims;
  shipments: typeof itShipments;
};

export type Namespace = keyof Resources;

/** The same check for the namespaces loaded on demand, done on types only (nothing bundled). */
type Covers<Italian, English extends Italian> = English;
export type LazyEnglishCovered = [
  Covers<Resources['auth'], typeof enAuth>,
  Covers<Resources['account'], typeof enAccount>,
  Covers<Resources['admin'], typeof enAdmin>,
  Covers<Resources['debug'], typeof enDebug>,
  Covers<Resources['dashboard'], typeof enDashboard>,
  Covers<Resources['legal'], typeof enLegal>,
  Covers<Resources['help'], typeof enHelp>,
  Covers<Resources['demo'], typeof enDemo>,
  Covers<Resources['feedback'], typeof enFeedback>,
  Covers<Resources['connect'], typeof enConnect>,
  Covers<Resources['cases'], typeof enCases>,
  Covers<Resources['claims'], typeof enClaims>,
  Covers<Resources['shipments'], typeof enShipments>,
];
