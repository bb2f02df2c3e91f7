// What a reader of an HTML report sees in its charts, measured in a real browser: the text boxes of
// every chart (rotated labels as rotated rectangles), which of them overlap, the percentages its
// axes print, and the labels that look like programme keys rather than names. `measureCharts` runs
// inside the page (playwright's page.evaluate): it must be self-contained, with no import.

export interface ChartGeometry {
  title: string;
  /** Visible, non-empty text elements of the chart's SVG. */
  texts: number;
  /** Pairs of text boxes that overlap by more than the tolerance (px): [a, b, depth]. */
  overlaps: [string, string, number][];
  /** Every text of the chart that reads as a percentage ("40%", "−5.0%"), as a number. */
  percents: number[];
  /** Every visible text of the chart, its title and its caption. */
  labels: string[];
}

/** In the page: the geometry of every `figure.chart`. `tolerance`: overlaps up to this many px are allowed (glyph boxes include leading). */
export function measureCharts(tolerance: number): ChartGeometry[] {
  type Pt = [number, number];
  // The text's own box (before rotation), carried to page coordinates: a rotated label stays a
  // rotated rectangle, not its larger axis-aligned bounding box.
  const corners = (el: SVGGraphicsElement): Pt[] => {
    const b = el.getBBox();
    const m = el.getScreenCTM()!;
    const pts: Pt[] = [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]];
    return pts.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  // How deep two convex polygons overlap (separating axis theorem): <= 0 when apart.
  const depth = (p: Pt[], q: Pt[]): number => {
    let least = Infinity;
    for (const poly of [p, q]) {
      for (let i = 0; i < poly.length; i++) {
        const [x1, y1] = poly[i];
        const [x2, y2] = poly[(i + 1) % poly.length];
        const len = Math.hypot(x2 - x1, y2 - y1);
        if (len === 0) continue;
        const [nx, ny] = [(y2 - y1) / len, (x1 - x2) / len];
        const a = p.map(([x, y]) => x * nx + y * ny);
        const b = q.map(([x, y]) => x * nx + y * ny);
        least = Math.min(least, Math.min(Math.max(...a), Math.max(...b)) - Math.max(Math.min(...a), Math.min(...b)));
      }
    }
    return least;
  };
  const visible = (t: Element): boolean => {
    if (!t.textContent?.trim()) return false;
    for (let e: Element | null = t; e && e.tagName.toLowerCase() !== 'figure'; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0 || e.getAttribute('opacity') === '0' || e.getAttribute('fill-opacity') === '0') return false;
    }
    return true;
  };
  return [...document.querySelectorAll('figure.chart')].map((f) => {
    const texts = ([...f.querySelectorAll('svg text')] as SVGTextElement[]).filter(visible);
    // Sorted by left edge, each box is tested only against those that start before it ends: two
    // boxes whose extents overlap by at most the tolerance along x cannot overlap by more (a
    // heatmap with numbers in its cells has some 1,500 texts: all pairs took seconds a chart).
    const boxes = texts
      .map((t) => {
        const p = corners(t);
        return { s: t.textContent!.trim(), p, minX: Math.min(...p.map((q) => q[0])), maxX: Math.max(...p.map((q) => q[0])) };
      })
      .sort((a, b) => a.minX - b.minX);
    const overlaps: [string, string, number][] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length && boxes[j].minX < boxes[i].maxX - tolerance; j++) {
        const d = depth(boxes[i].p, boxes[j].p);
        if (d > tolerance) overlaps.push([boxes[i].s, boxes[j].s, Math.round(d * 10) / 10]);
      }
    }
    const labels = [...boxes.map((b) => b.s), f.getAttribute('data-chart') ?? '', f.querySelector('figcaption')?.textContent ?? ''];
    const percents = boxes.map((b) => /^([−-]?\d+(?:\.\d+)?)%$/.exec(b.s)).filter((m) => m !== null).map((m) => Number(m[1].replace('−', '-')));
    return { title: f.getAttribute('data-chart') ?? '', texts: texts.length, overlaps, percents, labels };
  });
}

/**
 * The parts of a label that read as a programme's key rather than a name: camelCase
 * (lossEmptyWoundDeck), a word run into a number (card12, seat1), a dotted path (v0.joint), and
 * any of `ids` (the report's own ids that have a name, e.g. a Rev-9 version's) as a whole word.
 * Die sizes (d6, d12) are the games' own names, and a data file's name (data-harsh.yaml) is the
 * name the user gives it on the command line.
 */
export function idLike(label: string, ids: readonly string[] = []): string[] {
  const found = [
    ...(label.match(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g) ?? []),
    ...(label.match(/\b[a-z]+\d+\b/g) ?? []).filter((w) => !/^d\d+$/.test(w)),
    ...(label.match(/\b[a-z]\w*\.[a-z]\w*\b/gi) ?? []).filter((w) => !/^(e\.g|i\.e)$/i.test(w) && !/\.(ya?ml|json)$/i.test(w)),
    ...ids.filter((id) => new RegExp(`(^|[^\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(label)),
  ];
  return [...new Set(found)];
}

/** The ids of a report's result that have a different name beside them ({rev9: 'damaged-endo', name: 'Damaged Endo'}). */
export function namedIds(result: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string') for (const k of ['id', 'rev9', 'key']) if (typeof o[k] === 'string' && o[k] !== o.name && /[a-z]/.test(o[k] as string)) out.add(o[k] as string);
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(result, 0);
  return [...out];
}
