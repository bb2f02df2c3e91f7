// The HTML report: each page kind is one self-contained file (no URL, no script but its embedded
// JSON), and in a real browser (Debian's chromium, headless, driven by playwright-core: one browser
// for the whole file) it loads with no console error and no request, and every chart has drawn marks.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idLike, measureCharts, namedIds } from './helpers/chartGeometry.js';
import { ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const CHROMIUM = '/usr/bin/chromium';
const dir = tempDir('sim-html-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Each page kind: the command, the chart titles it must have (a prefix each), and whether its
 * report leads with an answer sentence (which must then come before the first chart).
 */
const PAGES: { name: string; args: string[]; charts: RegExp[]; answer?: boolean; first?: RegExp }[] = [
  // The chart that answers the page's question comes first (the seats chart of a table after it).
  { name: 'darkfate', args: ['darkfate', '--rev9', 'all', '-n', '120', '--seed', '1', '-j', '1'], charts: [/^How the game ends, by Rev-9/, /^Game length \(player turns\), by Rev-9/, /^Game length \(player turns\), won and lost games/, /^Cards /], answer: true, first: /^How the game ends, by Rev-9/ },
  { name: 'sweep', args: ['sweep', 'dice', '--grid', 'target=3,4,5,6', '--grid', 'count=2,3', '-n', '2000', '--seed', '1', '-j', '1'], charts: [/against target, one line per count/], answer: true },
  // One value on the only axis: the versions as categories (each line was one dot).
  { name: 'sweep-one', args: ['sweep', 'darkfate', '--grid', 'rev9=all', '-n', '20', '--seed', '1', '-j', '1'], charts: [/^win by Rev-9 \(rev 9 all\)/] },
  { name: 'compare', args: ['compare', 'dice', '--set', 'target=4', '-n', '2000', '--seed', '1', '-j', '1'], charts: [/^B − A for each mean/], answer: true },
  { name: 'genisys-table', args: ['genisys', 'table'], charts: [/cover none/, /cover fort/], answer: true },
  { name: 'genisys-attack', args: ['genisys', 'attack'], charts: [/^Damaging hits per attack/], answer: true },
  { name: 'genisys-matchup', args: ['genisys', 'matchup', '--attackers', 'endoskeleton:plasma-gun,resistance-soldier', '--targets', 'resistance-soldier,endoskeleton'], charts: [/^P\(target removed\)/], answer: true },
  { name: 'genisys-skirmish', args: ['genisys', 'skirmish', '-n', '40', '--seed', '1', '-j', '1'], charts: [/^Outcome/], answer: true },
  { name: 'genisys-fireteam', args: ['genisys', 'fireteam'], charts: [/^Targets removed/], answer: true },
  { name: 'terror', args: ['terror', '-n', '300', '--seed', '1', '-j', '1'], charts: [/^Per Death Order card/, /^Distribution/], answer: true },
  { name: 'sensitivity', args: ['sensitivity', 'terror', '--only', 'finalHealth,thwartRoll,data.finalGirl.*', '-n', '200', '--seed', '1', '-j', '1'], charts: [/^What moves survived most/], answer: true },
  { name: 'tune', args: ['tune', 'dice', '--vary', 'target=3..5', '--target', 'successes=1.5', '-n', '200', '--seed', '1', '-j', '1'], charts: [/against target/], answer: true },
  { name: 'ladder', args: ['policies', 'dualfates', 'match', '--ladder', '--ladder-start', '1', '--ladder-max', '2', '-n', '4', '--seed', '4', '-j', '1'], charts: [/^Skill ladder/], answer: true },
  { name: 'dualfates', args: ['dualfates', 'attack', '--method', 'mc', '-n', '5000', '--seed', '1', '-j', '1'], charts: [/^Attacks to incapacitate/], answer: true },
  { name: 'dualfates-match', args: ['dualfates', 'match', '-n', '30', '--seed', '1', '-j', '1'], charts: [/rates/], answer: true },
  { name: 'tccg', args: ['tccg', 'game', '-n', '20', '--seed', '1', '-j', '1'], charts: [/^Winner and win route/], answer: true },
  { name: 'gaps', args: ['gaps'], charts: [/^Challenger − default bot, per stored configuration/], answer: true },
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
    // The reproduce line says what sim check does: an exact page recomputes (it named "seed 0 and n 1000000"), a Monte Carlo page reruns its games.
    expect(readFileSync(file('genisys-attack'), 'utf8')).toMatch(/sim check FILE\.json — it computes genisys attack exactly again \(no games, no seed\) and compares/);
    expect(readFileSync(file('genisys-attack'), 'utf8')).not.toMatch(/<dt>confidence<\/dt>|<td>confidence<\/td>|seed 0/);
    expect(readFileSync(file('report'), 'utf8')).toMatch(/it reruns dice with seed 2 and n 1000 and compares/);
    // The answer first: compare's headline line comes before the first chart.
    const compare = readFileSync(file('compare'), 'utf8');
    expect(compare.indexOf('class="answer"')).toBeGreaterThan(0);
    expect(compare.indexOf('class="answer"')).toBeLessThan(compare.indexOf('<figure'));
    expect(compare).toMatch(/target 4: successes \+0\.\d+ \[\+0\.\d+, \+0\.\d+\]/);
    // The game pages too: one sentence with the headline number, its interval and what it rests on.
    const answers: [string, RegExp][] = [
      ['darkfate', /2 players \(Sarah Connor, Grace\) win: Damaged Endo \d+\.\d% \[[\d.]+, [\d.]+\], Endoskeleton/],
      ['terror', /Gabrielle survives \d+\.\d% \[[\d.]+, [\d.]+\] of games on .* \(policy planner; .*; most sensitive to /],
    ];
    for (const [name, re] of answers) {
      const html = readFileSync(file(name), 'utf8');
      expect(html.indexOf('class="answer"'), name).toBeGreaterThan(0);
      expect(html.indexOf('class="answer"'), name).toBeLessThan(html.indexOf('<figure'));
      expect(/<div class="answer">([^<]*)<\/div>/.exec(html)![1].replace(/&#39;|&quot;/g, "'"), name).toMatch(re);
    }
    // The views and the sweep too, each number the sentence gives read back from the page's own report.
    const reportOf = (html: string) => JSON.parse(/<script type="application\/json" id="sim-report">([\s\S]*?)<\/script>/.exec(html)![1]);
    const answerOf = (name: string) => {
      const html = readFileSync(file(name), 'utf8');
      expect(html.indexOf('class="answer"'), name).toBeGreaterThan(0);
      expect(html.indexOf('class="answer"'), name).toBeLessThan(html.indexOf('<figure'));
      return { text: /<div class="answer">([^<]*)<\/div>/.exec(html)![1].replace(/&#39;|&quot;/g, "'"), report: reportOf(html) };
    };
    const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
    const withInterval = (e: { estimate: number; lo: number; hi: number }) => `${pct(e.estimate)} [${(e.lo * 100).toFixed(1)}, ${(e.hi * 100).toFixed(1)}]`;
    {
      // genisys attack, exact: P(removed) and P(any damaging hit) as the tables give them, and "exact".
      const { text, report } = answerOf('genisys-attack');
      expect(text).toContain(`removes the target (destroyed or retreated) ${pct(report.result.removed)} of the time and scores at least one damaging hit ${pct(report.result.atLeastOneDamage)}`);
      expect(text).toMatch(/\(2 shots at Short range: .*; exact\)\.$/);
      expect(report.headline).toEqual({ label: 'P(target removed)', estimate: report.result.removed, lo: null, hi: null, kind: 'rate' });
    }
    {
      // dualfates attack, Monte Carlo: the estimate and its interval, the exact value beside it.
      const { text, report } = answerOf('dualfates');
      const s = report.result.success;
      expect(text).toContain(`succeeds ${withInterval(s)} of the time`);
      expect(text).toContain(`exact ${pct(s.exact)}`);
      expect(text).toMatch(s.exactInInterval ? /each inside its interval\)\.$/ : /outside/);
    }
    {
      // genisys table: the lowest and highest cell of the table, exact.
      const { text, report } = answerOf('genisys-table');
      const ps = report.result.cells.map((c: { p: number | null }) => c.p).filter((p: number | null) => p !== null);
      expect(text).toMatch(new RegExp(`over ${ps.length.toLocaleString('en-US')} combinations of cover, skill, range, power, armor it runs from ${pct(Math.min(...ps)).replace('.', '\\.')} \\(.*\\) to ${pct(Math.max(...ps)).replace('.', '\\.')} \\(`));
      expect(text).toMatch(/\(exact\)\.$/);
    }
    {
      // genisys matchup: the pair most likely to remove its target, exact.
      const { text, report } = answerOf('genisys-matchup');
      const best = report.result.matchup.filter((c: { removed: number | null }) => c.removed !== null).sort((a: { removed: number }, b: { removed: number }) => b.removed - a.removed)[0];
      expect(text).toContain(`${best.attackerName} against ${best.targetName} removes the target most often, ${pct(best.removed)} of attacks`);
    }
    {
      // genisys fireteam: mean targets removed and P(all removed), exact.
      const { text, report } = answerOf('genisys-fireteam');
      expect(text).toContain(`removes ${report.result.expectedRemoved.toFixed(2)} of 5 targets on average, and all 5 ${pct(report.result.allRemoved)} of the time`);
    }
    {
      // sweep: the cells' mean successes, lowest and highest with their intervals, each at its cell.
      const { text, report } = answerOf('sweep');
      const means = report.result.cells.map((c: { cell: Record<string, string>; result: { mean: { mean: number; lo: number; hi: number } } }) => ({ at: `target ${c.cell.target}, count ${c.cell.count}`, ...c.result.mean }));
      means.sort((a: { mean: number }, b: { mean: number }) => a.mean - b.mean);
      const m = (x: { mean: number; lo: number; hi: number; at: string }) => `${x.mean.toFixed(2)} [${x.lo.toFixed(2)}, ${x.hi.toFixed(2)}] at ${x.at}`;
      expect(text).toBe(`Across 8 settings of dice, mean successes a roll ranges from ${m(means[0])} to ${m(means[means.length - 1])}.`);
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

  it.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('load in headless chromium with no console error or request; every chart draws marks, with no text over text, no rate past 100% and names, not keys', async () => {
    const { chromium } = await import('playwright-core');
    const profile = tempDir('sim-chromium-');
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
      // A full-page screenshot of every page, kept as a test artifact: in test-artifacts/ (git-ignored)
      // when SIM_ARTIFACTS is set, in $OUT when that is. Not otherwise: they take longer than every
      // other check of this test together (about 12 s for these pages on two cores).
      const shots = process.env.SIM_ARTIFACTS ? join(ROOT, 'test-artifacts') : process.env.OUT || null;
      if (shots) mkdirSync(shots, { recursive: true });
      const faults: string[] = [];
      for (const p of [...PAGES, { name: 'report', charts: [/^Successes per roll/], answer: true }]) {
        await page.goto(pathToFileURL(file(p.name)).href, { waitUntil: 'load' });
        if (shots) await page.screenshot({ path: join(shots, `${p.name}.png`), fullPage: true });
        // What the reader sees: no text box over another, no rate past 100%, names not keys, the answer first.
        const ids = namedIds(JSON.parse(await page.$eval('#sim-report', (s) => s.textContent ?? '{}')).result);
        for (const c of await page.evaluate(measureCharts, 1.5)) {
          const where = `${p.name}: ${c.title.slice(0, 60)}`;
          if (c.overlaps.length) faults.push(`${where}: ${c.overlaps.length} overlapping text boxes, e.g. ${JSON.stringify(c.overlaps.slice(0, 3))}`);
          const past = c.percents.filter((x) => Math.abs(x) > 100);
          if (past.length) faults.push(`${where}: percentages past 100%: ${past.join(', ')}`);
          const keys = [...new Set(c.labels.flatMap((l) => idLike(l, ids)))];
          if (keys.length) faults.push(`${where}: id-like labels ${JSON.stringify(keys.slice(0, 8))}`);
        }
        const order = await page.evaluate(() => {
          const first = document.querySelector('figure');
          const answer = document.querySelector('div.answer');
          return { answer: answer !== null, before: answer !== null && first !== null && (answer.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 };
        });
        if ((p.answer || order.answer) && !order.before) faults.push(`${p.name}: ${order.answer ? 'the answer is not before the first chart' : 'no answer sentence'}`);
        const charts = await page.$$eval('figure.chart', (figs) =>
          figs.map((f) => {
            // Data marks (role-mark groups; axes and titles are other roles) with a drawn size.
            const marks = [...f.querySelectorAll('svg g.role-mark > *')] as SVGGraphicsElement[];
            const drawn = marks.filter((m) => {
              const b = m.getBBox();
              return b.width > 0 || b.height > 0;
            }).length;
            // Bars too thin to see (a layout bug, e.g. offset bands in a faceted chart) read as no bars.
            // A bar's thickness is its band: the width of upright bars, the height of lying ones
            // (whichever varies less across the chart's bars; the other is the value).
            const boxes = ([...f.querySelectorAll('svg [aria-roledescription="bar"]')] as SVGGraphicsElement[]).map((b) => b.getBBox());
            const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
            const upright = boxes.length < 2 || spread(boxes.map((b) => b.width)) <= spread(boxes.map((b) => b.height));
            const thickness = boxes.map((b) => (upright ? b.width : b.height));
            return { title: f.getAttribute('data-chart') ?? '', marks: marks.length, drawn, thinnestBar: thickness.length ? Math.min(...thickness) : Infinity };
          }),
        );
        expect(charts.length, p.name).toBeGreaterThan(0);
        for (const c of charts) expect(c.drawn, `${p.name}: ${c.title}`).toBeGreaterThan(0);
        for (const c of charts) expect(c.thinnestBar, `${p.name}: ${c.title}: bar width`).toBeGreaterThanOrEqual(2);
        for (const want of p.charts) if (!charts.some((c) => want.test(c.title))) faults.push(`${p.name}: no chart ${want}`);
        const first = 'first' in p ? p.first : undefined;
        if (first && !first.test(charts[0]?.title ?? '')) faults.push(`${p.name}: the first chart is "${charts[0]?.title}", not ${first}`);
        expect(await page.$$eval('table.data', (t) => t.length), p.name).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      expect(faults).toEqual([]);
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
    expect(labels).toEqual(['endoskeleton · seat 1', 'endoskeleton · seat 2']);
  });
});

describe('drawing a page is interruptible', () => {
  it('Ctrl-C while a large page is drawn stops at once: exit 130, a notice, nothing written to --out', async () => {
    const { runCliAsync, ROOT } = await import('./helpers/runCli.js');
    const { readdirSync, writeFileSync } = await import('node:fs');
    const dir = tempDir('sim-html-int-');
    // A sweep report of 40 charts of 400 cells each, built by hand (no run): seconds of drawing.
    const values = Array.from({ length: 400 }, (_, i) => String(i + 1));
    const table = (k: number) => ({
      title: `metric ${k} — by x`,
      columns: [{ key: 'cell.x', header: 'x', format: 'text' }, { key: 'v', header: `metric ${k}`, format: 'prob' }, { key: 'vLo', header: 'lo', format: 'prob' }, { key: 'vHi', header: 'hi', format: 'prob' }],
      rows: values.map((x, i) => ({ 'cell.x': x, v: ((i * (k + 7)) % 97) / 100, vLo: ((i * (k + 7)) % 97) / 100 - 0.01, vHi: ((i * (k + 7)) % 97) / 100 + 0.01 })),
    });
    // A report from before the schema (no kind, no schemaVersion): its fields reshaped into a sweep's are not checked against a game report's schema.
    const saved = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/dice-older-sim.json'), 'utf8'));
    const report: Record<string, unknown> = { ...saved, contentHash: undefined, rerun: undefined, params: { grid: { x: values } }, result: { axes: [{ key: 'x', values }], cells: [] }, tables: Array.from({ length: 40 }, (_, k) => table(k)), notes: [], assumptions: [] };
    // Sealed as sim seals what it writes (an unsealed report is drawn with a warning first).
    report.contentHash = (await import('../src/report/report.js')).reportContentHash(JSON.parse(JSON.stringify(report)));
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
