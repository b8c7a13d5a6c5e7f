/**
 * Runs the document reader on one file and prints what it found:
 *   npm run document:read -- <file> [--text]
 *
 * Stdout carries one JSON document (issue 6 and ARCHITECTURE.md):
 *   { "kind", "quality", "invoices": [ { "number", "date", "supplier": { "name", "vat" },
 *     "buyer": { "name", "vat" }, "lines": [ { "description", "quantity", "unit" } ] } ],
 *     "text_chars" }, and with `--text` also "text": the extracted text (for a PDF, its lines in
 *     reading order; for an XML file, its text content).
 * A file that cannot be read (missing, empty, unknown type, broken PDF, XML or envelope) gives a
 * message on stderr and exit code 1; a usage error exits with 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DocumentReadError,
  readDocument,
  type DocumentReading,
} from '../../lambdas/domain/documents/read-document';

const USAGE = 'usage: npm run document:read -- <file> [--text]';

/** The CLI's JSON: exactly the contract's fields, in the contract's order. */
export function toCliJson(reading: DocumentReading, withText = false): unknown {
  return {
    kind: reading.kind,
    quality: reading.quality,
    invoices: reading.invoices.map((invoice) => ({
      number: invoice.number,
      date: invoice.date,
      supplier: { name: invoice.supplier.name, vat: invoice.supplier.vat },
      buyer: { name: invoice.buyer.name, vat: invoice.buyer.vat },
      lines: invoice.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
      })),
    })),
    text_chars: reading.text_chars,
    ...(withText ? { text: reading.text } : {}),
  };
}

async function main(argv: string[]): Promise<number> {
  const withText = argv.includes('--text');
  const args = argv.filter((a) => a !== '--' && a !== '--text');
  if (args.includes('--help') || args.includes('-h')) {
    console.error(USAGE);
    return 0;
  }
  if (args.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = args[0] as string;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(fs.readFileSync(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : String(error);
    console.error(`document:read: cannot read ${file}: ${why}`);
    return 1;
  }
  try {
    const reading = await readDocument(bytes, path.basename(file));
    process.stdout.write(`${JSON.stringify(toCliJson(reading, withText), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DocumentReadError) {
      console.error(`document:read: unreadable file (${error.code}): ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`document:read: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
