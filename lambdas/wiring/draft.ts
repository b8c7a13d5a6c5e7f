import type { DraftDeps } from '../domain/cases/draft';
import { caseGuards } from './case-guards';
import { draftPorts } from './draft-ports';

/** The dispute drafter against the table. */
export const draftDependencies: DraftDeps = draftPorts(caseGuards);
