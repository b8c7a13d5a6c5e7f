/**
 * Classifies a seller-feedback export with the same parser and classifier as the import:
 *   npm run feedback:classify -- <file> [--language it|en]
 *
 * Stdout: one JSON object per row, with exactly order_id, comment_date, rating, comment,
 * is_fba, removable, suggested_action, reason_code, suggested_reason, keywords,
 * suggested_reply. Stderr: `{"line": n, "error": "..."}` for each unreadable row. A file that
 * cannot be read at all (no header, too large, missing) prints a message and exits 1.
 */
import fs from 'node:fs';
import { classifyFeedback } from '../../lambdas/domain/feedback/classify';
import { FeedbackFileError, parseFeedbackStream } from '../../lambdas/domain/feedback/parse';
import type { Language } from '../../lambdas/domain/language';

const USAGE = 'usage: npm run feedback:classify -- <file.tsv|.csv|.txt> [--language it|en]';

async function main(argv: string[]): Promise<number> {
  let file: string | undefined;
  let language: Language = 'it';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      console.error(USAGE);
      return 0;
    }
    if (arg === '--language' || arg.startsWith('--language=')) {
      const value = arg === '--language' ? argv[(i += 1)] : arg.slice('--language='.length);
      if (value !== 'it' && value !== 'en') {
        console.error(`--language must be it or en\n${USAGE}`);
        return 2;
      }
      language = value;
    } else if (!file) file = arg;
    else {
      console.error(USAGE);
      return 2;
    }
  }
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`feedback:classify: no such file: ${file}`);
    return 1;
  }
  // Rows are printed as they are read; duplicate order ids print each time (the import keeps the last).
  for await (const chunk of parseFeedbackStream(
    fs.createReadStream(file, { highWaterMark: 256 * 1024 }),
  )) {
    let out = '';
    for (const row of chunk.rows) {
      const c = classifyFeedback(row, { language });
      out +=
        JSON.stringify({
          order_id: row.order_id,
          comment_date: row.comment_date,
          rating: row.rating,
          comment: row.comment,
          is_fba: row.is_fba,
          removable: c.removable,
          suggested_action: c.suggested_action,
          reason_code: c.reason_code,
          suggested_reason: c.suggested_reason,
          keywords: c.keywords,
          suggested_reply: c.suggested_reply,
        }) + '\n';
    }
    if (out) process.stdout.write(out);
    for (const error of chunk.errors) {
      process.stderr.write(JSON.stringify({ line: error.line, error: error.error }) + '\n');
    }
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof FeedbackFileError) {
      console.error(`feedback:classify: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  },
);
