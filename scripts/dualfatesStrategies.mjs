// The Dual Fates match's whole-team deployments, shared by the measurement scripts
// (dualfatesDeployment.mjs, dualfatesLayouts.mjs): a layout of a side is, per unit of its team (in
// team order), the board point it starts at, or -1 to stay in reserve. Rulebook: Starting The Game
// (players alternate deploying one unit at a time "until all desired units are deployed";
// "players must decide which units to deploy first, which units to keep in reserve").
import { defaultMatchPolicy, policyCodes } from '../dist/src/games/dualfates/matchPolicies.js';
import { matchSimParams } from '../dist/src/games/dualfates/matchEntry.js';
import { game } from '../dist/src/games/dualfates/index.js';
import { coerceParam, resolveSourceParams } from '../dist/src/core/params.js';
import { unitSheets } from '../dist/src/games/dualfates/deployPlan.js';

/** A pairing's match parameters with the --set values (key=value), deploying by `deployment` (the spread rule unless given) outside the layouts played. `script` names the caller in errors. */
export function paramsFor(script, teamA, teamB, sets, deployment = 'spread') {
  const mode = game.modes.find((m) => m.name === 'match');
  const given = Object.fromEntries(sets.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  for (const k of ['teamA', 'teamB', 'deployment', 'policyA', 'policyB']) if (k in given) throw new Error(`${script}: --set ${k} is not a value the layouts are played under (the script's flags name the teams)`);
  const specs = [...mode.params, ...mode.extraParams(Object.fromEntries(mode.params.map((q) => [q.key, given[q.key] ?? q.default])))];
  const coerced = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, coerceParam(specs.find((q) => q.key === k) ?? { type: 'string' }, v)]));
  return matchSimParams(resolveSourceParams(mode, { ...coerced, teamA, teamB, deployment }, (k) => `${script}: --set ${k}`));
}


/**
 * Every layout of `side`: a starting set that fills the Vortex cap as far as it goes (no reserve unit
 * would still fit), each starting unit at one of the side's deployment points. Units with the same
 * sheet are interchangeable: the first m of them start, at points in nondecreasing order.
 */
export function layoutsOf(p, side) {
  const units = p.data.sides[side].units;
  const points = p.data.board.deployPoints[side];
  const cap = p.rules.vortexCap;
  // Units with the same sheet (all but the team file's deploy mark) are one choice, as in the plan.
  const sheets = unitSheets(units);
  const groups = [];
  units.forEach((u, k) => {
    const g = groups.find((x) => x.sheet === sheets[k]);
    if (g) g.members.push(k);
    else groups.push({ sheet: sheets[k], members: [k], cost: u.cost });
  });
  const out = [];
  const layout = new Array(units.length).fill(-1);
  const walk = (g, spent) => {
    if (g === groups.length) {
      // Maximal: no unit in reserve fits under the cap.
      if (units.every((u, k) => layout[k] >= 0 || spent + u.cost > cap)) out.push(layout.slice());
      return;
    }
    const { members, cost } = groups[g];
    // m of the group start, at points i_1 ≤ … ≤ i_m.
    const place = (k, minPoint, spentNow) => {
      walk(g + 1, spentNow);
      if (k === members.length || spentNow + cost > cap) return;
      for (let i = minPoint; i < points.length; i++) {
        layout[members[k]] = points[i];
        place(k + 1, i, spentNow + cost);
      }
      layout[members[k]] = -1;
    };
    place(0, 0, spent);
  };
  walk(0, 0);
  return out;
}

/** A layout as text: "Unit@point" for each starting unit, in team order, comma-separated (as match reports write it). */
export function layoutKey(p, side, layout) {
  const ids = p.data.board.nodeIds;
  return layout.flatMap((q, k) => (q < 0 ? [] : [`${p.data.sides[side].units[k].name}@${ids[q]}`])).join(', ');
}

/** A layout's text as a multiset of unit@point (units of one sheet are one choice), whether comma- or space-separated. */
export function layoutBag(text) {
  return [...text.matchAll(/([^@,]+?)@([^\s,]+)/g)].map((m) => `${m[1].trim()}@${m[2]}`).sort().join(', ');
}

/** The orders a fixed layout's units can be deployed in (`layoutPolicy`): team order, its reverse, or the cheapest first (ties in team order). */
export const LAYOUT_ORDERS = ['team', 'reverse', 'cheap'];

/** Is unit x (an option) deployed before unit y under `order`? */
export function deployedBefore(order, x, y, cost) {
  if (order === 'reverse') return x > y;
  if (order === 'cheap') return cost(x) < cost(y) || (cost(x) === cost(y) && x < y);
  return x < y;
}

/**
 * The default policy, but one fixed layout: its starting units deployed in `order` (LAYOUT_ORDERS;
 * team order unless given), then it stops, each at its point. `offset`: the side's first unit id.
 */
export function layoutPolicy(layout, offset, order = 'team') {
  const { DEPLOY, DEPLOY_AT } = policyCodes().DECISION;
  return {
    name: 'layout',
    choose(rng, view, decision, options, n, allowNone) {
      if (decision === DEPLOY) {
        // The first starting unit still in reserve in that order (the options are the reserve units that fit), else stop.
        let best = -1;
        for (let i = 0; i < n; i++) if (layout[options[i] - offset] >= 0 && (best < 0 || deployedBefore(order, options[i], options[best], (u) => view.unitCost(u)))) best = i;
        return best;
      }
      if (decision === DEPLOY_AT) {
        const q = layout[view.acting - offset];
        for (let i = 0; i < n; i++) if (options[i] === q) return i;
        throw new Error(`dualfates layout: point ${q} not offered`);
      }
      return defaultMatchPolicy.choose(rng, view, decision, options, n, allowNone);
    },
  };
}
