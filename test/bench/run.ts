/**
 * `npm run bench`: every performance figure the product promises, measured on this machine, and
 * one summary table at the end (issue 11). Each part also runs alone (`npx tsx
 * test/bench/<part>.bench.ts`). `--only sync,lighthouse` picks parts (also `scale`); `--quick` shortens the
 * load test to 5 s per route for a smoke run.
 *
 * Benchmarks print figures and compare them with their goals; they never run inside `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLambdaBundleBench } from './lambda-bundles.bench';
import { measureRealDocuments } from './documents-real.bench';
import { runFeedbackImportBench } from './feedback-import.bench';
import { runClaimsAuditBench, runReturnsAuditBench } from './claims-audit.bench';
import { hostileTable, runHostileInputBench } from './hostile-input.bench';
import { PAGE_GOAL_MS, runOcrBench } from './ocr.bench';
import { lighthouseRows, runLighthouseBench } from './lighthouse.bench';
import { loadTable, runLoadBench } from './load.bench';
import { runScaleBench, scaleTable, scaleVerdicts } from './scale.bench';
import { runSyncBench } from './sync.bench';

interface Figure {
  area: string;
  figure: string;
  value: string;
  goal: string;
  ok: boolean | null;
}

const PARTS = [
  'sync',
  'feedback',
  'audit',
  'bundles',
  'documents',
  'hostile',
  'ocr',
  'lighthouse',
  'load',
  'scale',
] as const;
type Part = (typeof PARTS)[number];

function selectedParts(): Set<Part> {
  const i = process.argv.indexOf('--only');
  if (i < 0) return new Set(PARTS);
  const wanted = (process.argv[i + 1] ?? '').split(',');
  return new Set(PARTS.filter((p) => wanted.includes(p)));
}

function summary(figures: Figure[]): string {
  const head = ['area', 'figure', 'value', 'goal', ''];
  const rows = figures.map((f) => [
    f.area,
    f.figure,
    f.value,
    f.goal,
    f.ok === null ? '' : f.ok ? 'ok' : 'MISSED',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const parts = selectedParts();
  const quick = process.argv.includes('--quick');
  const figures: Figure[] = [];
  const section = (title: string, body: string) => console.log(`\n## ${title}\n\n${body}`);

  if (parts.has('sync')) {
    const sync = await runSyncBench();
    section('Shipment sync', sync.table);
    for (const row of sync.rows) {
      figures.push({
        area: 'sync',
        figure: `${row.config}: SP-API calls (naive)`,
        value: `${row.calls} (${row.naive})`,
        // Bulk item reads are chosen only where they save calls; elsewhere the sync reads per
        // shipment like the naive approach, plus a probe call or two.
        goal: '≤ naive (+2 %)',
        ok: row.calls <= row.naive * 1.02,
      });
      figures.push({
        area: 'sync',
        figure: `${row.config}: wall s (rate-limit bound)`,
        value: `${row.wall.toFixed(1)} (${row.bound.toFixed(1)})`,
        goal: 'near the bound',
        ok: null,
      });
    }
  }

  if (parts.has('feedback')) {
    const feedback = await runFeedbackImportBench();
    section(
      'Feedback import',
      `${feedback.rows} rows parsed and classified in ${(feedback.ms / 1000).toFixed(2)} s (bare papaparse ${(feedback.papaMs / 1000).toFixed(2)} s, ratio ${feedback.ratio}×), peak RSS ${feedback.peakRssMb} MB`,
    );
    figures.push({
      area: 'feedback',
      figure: `import + classify ${feedback.rows} rows`,
      value: `${(feedback.ms / 1000).toFixed(2)} s, ${feedback.peakRssMb} MB peak`,
      goal: '≤ 2 s',
      ok: feedback.ms <= 2000,
    });
    figures.push({
      area: 'feedback',
      figure: 'same, over a bare papaparse parse of the file',
      value: `${feedback.ratio}× (${feedback.papaMs} ms)`,
      goal: '≤ 8×',
      ok: feedback.ratio <= 8,
    });
  }

  if (parts.has('audit')) {
    const audit = runClaimsAuditBench();
    section(
      'Claims audit',
      `${audit.ledgerRows} ledger rows (${audit.ledgerMb} MB) and ${audit.reimbursementRows} reimbursement rows audited in ${(audit.ms / 1000).toFixed(2)} s (CPU ${(audit.cpuMs / 1000).toFixed(2)} s), heap growth ${audit.heapGrowthMb} MB, ${audit.claims} claims`,
    );
    figures.push({
      area: 'audit',
      figure: `${audit.ledgerRows} ledger + ${audit.reimbursementRows} reimbursement rows`,
      value: `${(audit.ms / 1000).toFixed(2)} s, heap +${audit.heapGrowthMb} MB`,
      // Bounded memory: the ledger is read line by line, so the heap grows by what the rules
      // keep (the adjustments), far less than the file.
      goal: '≤ 5 s, heap growth < 3× the file',
      ok: audit.ms <= 5000 && audit.heapGrowthMb < audit.ledgerMb * 3,
    });
    const returns = await runReturnsAuditBench();
    section(
      'Customer returns and removals audit',
      `18 months, ${returns.orders} orders and ${returns.refunds} refunds (${returns.filesMb} MB of transactions and reports) audited in ${(returns.ms / 1000).toFixed(2)} s (CPU ${(returns.cpuMs / 1000).toFixed(2)} s), heap growth ${returns.heapGrowthMb} MB, ${returns.claims} claims`,
    );
    figures.push({
      area: 'audit',
      figure: `${returns.orders} orders + ${returns.refunds} refunds (returns, removals)`,
      value: `${(returns.ms / 1000).toFixed(2)} s, heap +${returns.heapGrowthMb} MB`,
      // Bounded memory: transactions.json is read one element at a time and the reports line by
      // line; only refunds, returns, replacements and removals are kept.
      goal: '≤ 10 s, heap growth < 3× the files',
      ok: returns.ms <= 10_000 && returns.heapGrowthMb < returns.filesMb * 3,
    });
  }

  if (parts.has('bundles')) {
    const bundles = await runLambdaBundleBench();
    section('Lambda bundles', bundles.table);
    figures.push({
      area: 'lambda',
      figure: `largest bundle (${bundles.largest.name})`,
      value: `${(bundles.largest.bytes / 1024).toFixed(1)} KB`,
      goal: '≤ 300 KB',
      ok: bundles.largest.bytes <= 300 * 1024,
    });
    for (const own of bundles.ownBudget) {
      figures.push({
        area: 'lambda',
        figure: `${own.name} bundle (pdf.js) / cold-start module load`,
        value: `${(own.bytes / 1024).toFixed(1)} KB / ${own.medianNetLoadMs.toFixed(0)} ms`,
        goal: `≤ ${own.limitBytes / 1024} KB`,
        ok: own.bytes <= own.limitBytes && !own.loadError,
      });
    }
    figures.push({
      area: 'lambda',
      figure: 'first PDF read in a fresh process (pdf.js load + read)',
      value: `${bundles.firstPdfRead.netMs.toFixed(0)} ms`,
      goal: '',
      ok: null,
    });
    figures.push({
      area: 'lambda',
      figure: 'median cold-start module load',
      value: `${bundles.medianColdStartMs.toFixed(0)} ms`,
      goal: '',
      ok: null,
    });
  }

  if (parts.has('documents')) {
    const dir = path.resolve(__dirname, '../../../shared/fixtures/documents-real');
    if (fs.existsSync(path.join(dir, 'expected.json'))) {
      const docs = await measureRealDocuments(dir);
      section('Document reader on the real development set', docs.lines.join('\n'));
      const f = docs.figures;
      figures.push({
        area: 'documents',
        figure: 'reference words / number / date / FatturaPA exact / refused',
        value: `${f.words} / ${f.number} / ${f.date} / ${f.fatturaPa} / ${f.refusals}`,
        goal: '≥ 90 % each PDF / ≥ 90 % / ≥ 90 % / all / 0',
        ok: docs.goalsMet,
      });
    } else {
      section('Document reader on the real development set', `not found: ${dir}`);
    }
  }

  if (parts.has('hostile')) {
    const hostile = await runHostileInputBench();
    section("Hostile input (the unit tests' cells and files), timed", hostileTable(hostile));
    const slowest = (prefix: RegExp) =>
      hostile.filter((f) => prefix.test(f.figure)).reduce((max, f) => (f.ms > max.ms ? f : max));
    const text = slowest(/^(invoice text|packing list):/);
    figures.push({
      area: 'hostile',
      figure: `slowest hostile text cell (${text.figure})`,
      value: `${text.ms} ms`,
      goal: `< ${text.goalMs} ms`,
      ok: text.ms < text.goalMs,
    });
    for (const f of hostile.filter((h) => !/^(invoice text|packing list):/.test(h.figure))) {
      figures.push({
        area: 'hostile',
        figure: f.figure,
        value: `${f.ms} ms`,
        goal: `< ${f.goalMs} ms`,
        ok: f.ms < f.goalMs,
      });
    }
  }

  if (parts.has('ocr')) {
    const ocr = await runOcrBench(quick ? 1 : 2);
    section('OCR (tesseract.js, default languages)', ocr.table);
    const load = `load ${ocr.load.before.toFixed(0)} to ${ocr.load.after.toFixed(0)} on ${ocr.load.cores} cores`;
    const onFunction = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    figures.push({
      area: 'ocr',
      figure: `cold start + first page, wall / CPU / on ${ocr.memory} MB (est.), ${load}`,
      value: `${onFunction(ocr.coldStartMs)} / ${onFunction(ocr.coldStartCpuMs)} / ${onFunction(ocr.coldStartFunctionMs)}`,
      goal: '',
      ok: null,
    });
    for (const kind of ['photo', 'pdf_page'] as const) {
      const pages = ocr.pages.filter((p) => p.kind === kind);
      figures.push({
        area: 'ocr',
        figure: `warm ${kind === 'photo' ? 'phone photo' : 'image-only PDF page'}, on ${ocr.memory} MB (est.)`,
        value: pages.map((p) => `${p.short} ${onFunction(p.functionMs)}`).join(', '),
        goal: kind === 'photo' ? `< ${PAGE_GOAL_MS / 1000} s a phone photo` : '',
        ok: kind === 'photo' ? pages.every((p) => p.functionMs < PAGE_GOAL_MS) : null,
      });
    }
  }

  if (parts.has('lighthouse')) {
    const lh = await runLighthouseBench();
    section(`Lighthouse (mobile) on /, ${lh.runs.length} runs`, JSON.stringify(lh, null, 2));
    figures.push(...lighthouseRows(lh).map((row) => ({ area: 'landing', ...row })));
  }

  if (parts.has('load')) {
    const rows = await runLoadBench({ durationSeconds: quick ? 5 : 30 });
    section('Load: 50 connections on the local gateway', loadTable(rows));
    for (const row of rows) {
      figures.push({
        area: 'load',
        figure: `GET ${row.route} req/s, p50/p99 ms`,
        value: `${row.rps}, ${row.p50Ms}/${row.p99Ms}`,
        goal: '0 errors',
        ok: row.errors === 0,
      });
    }
  }

  if (parts.has('scale')) {
    const rows = await runScaleBench({ requests: quick ? 10 : 40 });
    section('Scale: 30, 300 and 3,000 shipments per seller', scaleTable(rows));
    for (const verdict of scaleVerdicts(rows)) {
      figures.push({
        area: 'scale',
        figure: `GET ${verdict.route} p50 at 3,000 vs 30`,
        value: `${verdict.ratio.toFixed(2)}×`,
        goal: '≤ 1.5×',
        ok: verdict.ok,
      });
    }
  }

  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  section(
    `Summary (${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)})`,
    summary(figures),
  );
  if (figures.some((f) => f.ok === false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
