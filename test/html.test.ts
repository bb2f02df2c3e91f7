// The HTML report: each page kind is one self-contained file (no URL, no script but its embedded
// JSON), and in a real browser (Debian's chromium, headless, driven by playwright-core: one browser
// for the whole file) it loads with no console error and no request, and every chart has drawn marks.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/runCli.js';

const CHROMIUM = '/usr/bin/chromium';
const dir = mkdtempSync(join(tmpdir(), 'sim-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each page kind: the command, and the chart titles it must have (a prefix each). */
const PAGES: { name: string; args: string[]; charts: RegExp[] }[] = [
  { name: 'darkfate', args: ['darkfate', '--rev9', 'all', '-n', '200', '--seed', '1', '-j', '1'], charts: [/^Win rate and causes of loss/, /^How the game ends, by Rev-9/, /^Game length \(player turns\), by Rev-9/, /^Game length \(player turns\), won and lost games/, /^Cards /] },
  { name: 'sweep', args: ['sweep', 'dice', '--grid', 'target=3,4,5,6', '--grid', 'count=2,3', '-n', '2000', '--seed', '1', '-j', '1'], charts: [/against target, one line per count/] },
  { name: 'compare', args: ['compare', 'dice', '--set', 'target=4', '-n', '2000', '--seed', '1', '-j', '1'], charts: [/^B − A for each mean/] },
  { name: 'genisys-table', args: ['genisys', 'table'], charts: [/cover none/, /cover fort/] },
  { name: 'terror', args: ['terror', '-n', '300', '--seed', '1', '-j', '1'], charts: [/^Per Death Order card/, /^Distribution/] },
  { name: 'sensitivity', args: ['sensitivity', 'terror', '--only', 'finalHealth,thwartRoll,data.finalGirl.*', '-n', '200', '--seed', '1', '-j', '1'], charts: [/^What moves survived most/] },
  { name: 'dualfates', args: ['dualfates', 'attack', '--method', 'mc', '-n', '5000', '--seed', '1', '-j', '1'], charts: [/^Attacks to incapacitate/] },
];

const file = (name: string) => join(dir, `${name}.html`);

beforeAll(() => {
  for (const p of PAGES) {
    const r = runCli([...p.args, '-q', '--format', 'html', '--out', file(p.name)]);
    expect(r.code, `${p.name}: ${r.stderr}`).toBe(0);
  }
  // A saved JSON report rendered again by `sim report`.
  const json = join(dir, 'dice.json');
  expect(runCli(['dice', '-n', '1000', '--seed', '2', '-q', '--format', 'json', '--out', json]).code).toBe(0);
  const r = runCli(['report', json, '--out', file('report'), '-q']);
  expect(r.code, r.stderr).toBe(0);
}, 120_000);

describe('HTML pages', () => {
  it('are self-contained: no URL, no external resource, no script but the embedded JSON report', () => {
    for (const name of [...PAGES.map((p) => p.name), 'report']) {
      const html = readFileSync(file(name), 'utf8');
      expect(html.startsWith('<!DOCTYPE html>'), name).toBe(true);
      expect(html, name).not.toMatch(/https?:\/\//);
      expect(html, name).not.toMatch(/<link\b|\bsrc=|<iframe|@import|url\((?!#)/i);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts, name).toEqual(['<script type="application/json" id="sim-report">']);
      const embedded = JSON.parse(/<script type="application\/json" id="sim-report">([\s\S]*?)<\/script>/.exec(html)![1]);
      expect(embedded.schemaVersion, name).toBe(1);
      expect(html, name).not.toContain('class="chart-error"');
    }
    // The answer first: compare's headline line comes before the first chart.
    const compare = readFileSync(file('compare'), 'utf8');
    expect(compare.indexOf('class="answer"')).toBeGreaterThan(0);
    expect(compare.indexOf('class="answer"')).toBeLessThan(compare.indexOf('<figure'));
    expect(compare).toMatch(/target=4: successes \+0\.\d+ \[\+0\.\d+, \+0\.\d+\]/);
    // The game pages too: one sentence with the headline number, its interval and what it rests on.
    const answers: [string, RegExp][] = [
      ['darkfate', /2 players \(sarah, grace\) win: Damaged Endo \d+\.\d% \[[\d.]+, [\d.]+\], Endoskeleton/],
      ['terror', /Gabrielle survives \d+\.\d% \[[\d.]+, [\d.]+\] of games on .* \(policy planner; .*; most sensitive to /],
    ];
    for (const [name, re] of answers) {
      const html = readFileSync(file(name), 'utf8');
      expect(html.indexOf('class="answer"'), name).toBeGreaterThan(0);
      expect(html.indexOf('class="answer"'), name).toBeLessThan(html.indexOf('<figure'));
      expect(/<div class="answer">([^<]*)<\/div>/.exec(html)![1].replace(/&#39;|&quot;/g, "'"), name).toMatch(re);
    }
    // Sensitivity too: the answer (baseline, what moves it most) before the tornado chart.
    const sens = readFileSync(file('sensitivity'), 'utf8');
    expect(sens.indexOf('Most sensitive to:')).toBeGreaterThan(0);
    expect(sens.indexOf('Most sensitive to:')).toBeLessThan(sens.indexOf('<figure'));
    // The assumptions and the provenance are on the page.
    const darkfate = readFileSync(file('darkfate'), 'utf8');
    expect(darkfate).toMatch(/<h2>Assumptions \(\d+\)<\/h2>/);
    expect(darkfate).toContain('<h2>Provenance</h2>');
  });

  it.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('load in headless chromium with no console error or request, and every chart draws marks', async () => {
    const { chromium } = await import('playwright-core');
    const profile = mkdtempSync(join(tmpdir(), 'sim-chromium-'));
    // A fresh, empty profile; no network beyond the files (the machine's network is closed anyway).
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('file://')) return route.continue();
        requests.push(url);
        return route.abort();
      });
      for (const p of [...PAGES, { name: 'report', charts: [/^Successes per roll/] }]) {
        await page.goto(pathToFileURL(file(p.name)).href, { waitUntil: 'load' });
        const charts = await page.$$eval('figure.chart', (figs) =>
          figs.map((f) => {
            // Data marks (role-mark groups; axes and titles are other roles) with a drawn size.
            const marks = [...f.querySelectorAll('svg g.role-mark > *')] as SVGGraphicsElement[];
            const drawn = marks.filter((m) => {
              const b = m.getBBox();
              return b.width > 0 || b.height > 0;
            }).length;
            // Bars too thin to see (a layout bug, e.g. offset bands in a faceted chart) read as no bars.
            const barWidths = ([...f.querySelectorAll('svg [aria-roledescription="bar"]')] as SVGGraphicsElement[]).map((b) => b.getBBox().width);
            return { title: f.getAttribute('data-chart') ?? '', marks: marks.length, drawn, thinnestBar: barWidths.length ? Math.min(...barWidths) : Infinity };
          }),
        );
        expect(charts.length, p.name).toBeGreaterThan(0);
        for (const c of charts) expect(c.drawn, `${p.name}: ${c.title}`).toBeGreaterThan(0);
        for (const c of charts) expect(c.thinnestBar, `${p.name}: ${c.title}: bar width`).toBeGreaterThanOrEqual(2);
        for (const want of p.charts) expect(charts.some((c) => want.test(c.title)), `${p.name}: a chart ${want}`).toBe(true);
        expect(await page.$$eval('table.data', (t) => t.length), p.name).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('charts name every mark', () => {
  it("rows the leading text names alike (a version's two seats) get the next columns in their label, so no two stack into one bar", async () => {
    const { tableCharts } = await import('../src/report/charts.js');
    const table = {
      title: 'Seats',
      columns: [
        { key: 'rev9', header: 'Rev-9', format: 'text' as const },
        { key: 'seat', header: 'seat', format: 'int' as const },
        { key: 'first', header: 'win when first', format: 'prob' as const },
        { key: 'firstLo', header: 'lo', format: 'prob' as const },
        { key: 'firstHi', header: 'hi', format: 'prob' as const },
      ],
      rows: [
        { rev9: 'endoskeleton', seat: 1, first: 0.86, firstLo: 0.8, firstHi: 0.9 },
        { rev9: 'endoskeleton', seat: 2, first: 0.84, firstLo: 0.78, firstHi: 0.89 },
      ],
    };
    const [chart] = tableCharts([table]);
    const labels = (chart.spec.data as { values: { _label: string }[] }).values.map((d) => d._label);
    expect(labels).toEqual(['endoskeleton · 1', 'endoskeleton · 2']);
  });
});

describe('drawing a page is interruptible', () => {
  it('Ctrl-C while a large page is drawn stops at once: exit 130, a notice, nothing written to --out', async () => {
    const { runCliAsync, ROOT } = await import('./helpers/runCli.js');
    const { readdirSync, writeFileSync } = await import('node:fs');
    const { tempDir } = await import('./helpers/tempDir.js');
    const dir = tempDir('sim-html-int-');
    // A sweep report of 40 charts of 400 cells each, built by hand (no run): seconds of drawing.
    const values = Array.from({ length: 400 }, (_, i) => String(i + 1));
    const table = (k: number) => ({
      title: `metric ${k} — by x`,
      columns: [{ key: 'cell.x', header: 'x', format: 'text' }, { key: 'v', header: `metric ${k}`, format: 'prob' }, { key: 'vLo', header: 'lo', format: 'prob' }, { key: 'vHi', header: 'hi', format: 'prob' }],
      rows: values.map((x, i) => ({ 'cell.x': x, v: ((i * (k + 7)) % 97) / 100, vLo: ((i * (k + 7)) % 97) / 100 - 0.01, vHi: ((i * (k + 7)) % 97) / 100 + 0.01 })),
    });
    const saved = JSON.parse(readFileSync(join(ROOT, 'reports/dice-default.json'), 'utf8'));
    const report = { ...saved, contentHash: undefined, rerun: undefined, params: { grid: { x: values } }, result: { axes: [{ key: 'x', values }], cells: [] }, tables: Array.from({ length: 40 }, (_, k) => table(k)), notes: [], assumptions: [] };
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify(report));
    const page = join(dir, 'big.html');
    // The signal comes once the page has drawn for a second (the notice says so), long before it is done.
    const r = await runCliAsync(['report', file, '--format', 'html', '--out', page], { interruptWhen: (stderr) => stderr.includes('sim: drawing the HTML page') });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/^sim: drawing the HTML page \(Ctrl-C stops it; nothing is written until it is drawn\)\n\nsim: interrupted while drawing the HTML page; nothing was written\n$/);
    expect(readdirSync(dir)).toEqual(['big.json']);
  }, 60_000);
});
