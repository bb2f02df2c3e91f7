// Draws a Vega-Lite specification as an SVG string, in Node, without a browser: vega-lite compiles
// it to a Vega spec, vega runs the dataflow headless and serialises the scenegraph. The libraries
// load on first use (an HTML page is the only output that needs them).
import type { VlSpec } from './charts.js';

type VegaModule = typeof import('vega');
type VegaLiteModule = typeof import('vega-lite');

let libs: Promise<{ vega: VegaModule; vl: VegaLiteModule }> | null = null;

function load(): Promise<{ vega: VegaModule; vl: VegaLiteModule }> {
  libs ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vl]) => ({ vega, vl }));
  return libs;
}

/**
 * The SVG of one chart, for inline use in an HTML page: no XML namespace attributes (an inline
 * <svg> needs none, and the page then names no URL at all). Throws when the spec does not compile.
 */
export async function specToSvg(spec: VlSpec): Promise<string> {
  const { vega, vl } = await load();
  // The libraries' warnings (about our own specs, e.g. "Detected faceted independent scales") are
  // not the user's to read: they broke -q's promise of nothing on stderr. Errors still throw.
  const compiled = vl.compile(spec as never, { logger: vega.logger(vega.Error) }).spec;
  // No loader: the data are inline, and a page drawn here must never reach the network.
  const loader = vega.loader();
  loader.load = async () => {
    throw new Error('charts are drawn from inline data only');
  };
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', loader, logLevel: vega.Error });
  try {
    const svg = await view.toSVG();
    return svg.replace(/ xmlns(:xlink)?="[^"]*"/g, '');
  } finally {
    view.finalize();
  }
}
