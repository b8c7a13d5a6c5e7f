/** The feedback domain: parse a seller's export, classify each row against the removal rules. */
export * from './parse';
export * from './classify';
export { parseFeedbackDate } from './dates';
export { suggestedReason, suggestedReply, type FeedbackTopic } from './messages';
