/**
 * Reads one image with the OCR engine and prints its lines as JSON; run with no network (see
 * `no-network.cjs`) by the engine's test: `tsx read-offline.ts <image> <lang+lang>`.
 */
import fs from 'node:fs';
import { tesseractEngine } from '../tesseract';

async function main(file: string, languages: string): Promise<void> {
  const engine = tesseractEngine(languages.split('+'));
  try {
    const page = await engine.read(new Uint8Array(fs.readFileSync(file)), { deadlineMs: 120_000 });
    process.stdout.write(
      JSON.stringify({
        rotation: page.rotation,
        confidence: page.confidence,
        lines: page.lines.map((l) => l.words.map((w) => w.text).join(' ')),
      }),
    );
  } finally {
    await engine.close();
  }
}

main(process.argv[2] ?? '', process.argv[3] ?? 'eng').catch((error: unknown) => {
  process.stderr.write(String(error instanceof Error ? error.message : error));
  process.exitCode = 1;
});
