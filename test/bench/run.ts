// `npm run bench` (BENCH_ONLY, BENCH_RUNS, BENCH_CLI below): starts the local service (port 0, demo seed), runs every suite's measures interleaved —
// run 1 of each measure, then run 2 of each, … — so load on the machine hits all of them alike, and writes each
// suite's medians and ratios to its own section of BENCHMARKS.md. Exit 1 when a target is missed.
import {cpus} from 'node:os';
import {resolve} from 'node:path';
import {startService} from '../../src/server/index.js';
import {commandMode} from './command-mode.js';
import {deploySuite} from './deploy.js';
import {ui} from './ui.js';
import {closeLiveWorld, liveSuite} from './live.js';
import {serviceSuite} from './service.js';
import {watchSuite} from './watch.js';
import {activitySuite} from './activity.js';
import {median, writeSection, type BenchContext, type Suite} from './measure.js';

/** Add a suite here to have it measured in the same interleaved run. */
const allSuites: Suite[] = [commandMode, ui, deploySuite, serviceSuite, watchSuite, liveSuite, activitySuite];
// BENCH_ONLY=command-mode,ui re-measures some suites (the others' sections of BENCHMARKS.md stay as they are).
const only = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
const suites = only ? allSuites.filter((s) => only.includes(s.id)) : allSuites;
if (suites.length === 0) throw new Error(`BENCH_ONLY matches no suite (have ${allSuites.map((s) => s.id).join(', ')})`);

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_KEY = 'svc_benchAdminKey0123456789abcdefghi';

const service = await startService({port: 0, seed: 'demo', adminKey: ADMIN_KEY});
// BENCH_CLI points at another build of the CLI, to compare bundling choices under the same load.
const ctx: BenchContext = {url: service.url, adminKey: ADMIN_KEY, cli: resolve(ROOT, process.env.BENCH_CLI ?? 'dist/svc.js')};
const samples = new Map<string, number[]>();
let missed = 0;

try {
  const measures = suites.flatMap((s) => s.measures);
  for (const m of measures) await m.run(ctx); // warm-up: file cache, service JIT
  for (let i = 0; i < RUNS; i++) {
    for (const m of measures) {
      const list = samples.get(m.name) ?? [];
      list.push(await m.run(ctx));
      samples.set(m.name, list);
    }
    process.stderr.write(`\rrun ${i + 1}/${RUNS}`);
  }
  process.stderr.write('\n');
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}/${process.arch}`;
  const date = new Date().toISOString();
  for (const suite of suites) {
    const med = (name: string) => median(samples.get(name) ?? []);
    const lines = [
      `## ${suite.title}`,
      '',
      suite.description,
      '',
      `${RUNS} runs each, interleaved, medians. ${date}; ${machine}.`,
      '',
      '| measure | median ms | min ms | max ms |',
      '|---|---:|---:|---:|',
      ...suite.measures.map((m) => {
        const s = samples.get(m.name) ?? [];
        return `| \`${m.name}\` | ${med(m.name).toFixed(1)} | ${Math.min(...s).toFixed(1)} | ${Math.max(...s).toFixed(1)} |`;
      }),
      '',
      '| ratio | value | target |',
      '|---|---:|---|',
    ];
    for (const t of suite.targets) {
      const ratio = med(t.measure) / med(t.baseline);
      const bounded = Number.isFinite(t.maxRatio);
      const ok = ratio <= t.maxRatio;
      if (!ok) missed++;
      lines.push(`| ${t.label} | ${ratio.toFixed(2)}× | ${bounded ? `≤ ${t.maxRatio}× ${ok ? '✓ met' : '✗ MISSED'}` : 'informational'} |`);
      process.stdout.write(`${t.label}: ${ratio.toFixed(2)}×${bounded ? ` (target ≤ ${t.maxRatio}×: ${ok ? 'met' : 'MISSED'})` : ''}\n`);
    }
    for (const m of suite.measures) process.stdout.write(`  ${m.name}: median ${med(m.name).toFixed(1)} ms\n`);
    writeSection(resolve(ROOT, 'BENCHMARKS.md'), suite.id, lines.join('\n'));
  }
} finally {
  await closeLiveWorld();
  await service.close();
}
// The run is over once BENCHMARKS.md is written. A timer left by an in-process render (the keypress suites mount
// the real App) kept the process alive after the last suite on 2026-11-24, so the bench ends itself.
process.exit(missed > 0 ? 1 : 0);
