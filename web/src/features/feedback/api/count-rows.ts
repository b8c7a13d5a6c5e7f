import Papa from 'papaparse';

/**
 * Counts the data rows of a chosen export in the browser, as the page shows them before the
 * import (spec 2.10): header row first, empty lines skipped, delimiter detected (tab,
 * semicolon or comma). The server parses the file again on import.
 *
 * @throws Error when the file cannot be read as a delimited text file with a header row.
 */
export function countFeedbackRows(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      delimitersToGuess: ['\t', ';', ','],
      complete: (result) => {
        const fields = result.meta.fields ?? [];
        const hasOrderColumn = fields.some((f) => /order|ordine/i.test(f.replace(/^\uFEFF/, '')));
        if (!hasOrderColumn || fields.length < 2) {
          reject(new Error('No recognisable header'));
          return;
        }
        resolve(result.data.length);
      },
      error: (error) => reject(error),
    });
  });
}
