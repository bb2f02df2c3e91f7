// An example user policy for `sim dualfates match --policy-a scenarios/dualfates/policies/lead-then-hunt.js`
// (the core policy contract, src/core/policy.ts): while its side trails or is level on Victory
// Points it plays the base policy (the default, fight); once ahead by 3 or more, every unit hunts
// the nearest enemy (charges, shoots or engages it). Everything else is the base. It shows how a
// module overrides one decision and hands the rest to `base`; it is not a better policy: since the
// default became `fight` (which targets the weakest enemy in reach), the switch gains side A
// nothing: −0.40 points [−0.95, +0.15], p 0.19 (2026-12-06, after fight's quiet-board Initiative;
// −0.83 [−1.37, −0.30] when first measured) (`sim policies dualfates match --param policyA
// --policies fight,scenarios/dualfates/policies/lead-then-hunt.js -n 3000 --seed 5 -j 1`, paired).
//
// The default export is a factory (data, base) => policy: `data` is a frozen copy of the match data
// (data.codes has the decision and option codes), `base` the default built-in policy (fight). `view` is
// read-only (the MatchView members: vp(side), deciding, acting, unitPos(u), distance(p, q), …);
// options is this decision's own copy; `rng` may be drawn from (rng.next()) but not copied:
// rng.next() is a signed 32-bit integer, not a fraction ((rng.next() >>> 0) / 2 ** 32 is uniform in [0, 1)).
// The view also shows both sides' deployment mixes (deployMixSize, deployMixWeight, deployMixPoint)
// and the alternating deployment's plan (deployPlanNext, deployPlanAt).
export default function createPolicy(data, base) {
  const { DECISION, ACT, WHERE } = data.codes;
  return {
    name: 'lead-then-hunt',
    choose(rng, view, decision, options, n, allowNone) {
      const side = view.deciding;
      const ahead = view.vp(side) - view.vp(1 - side) >= 3;
      if (decision !== DECISION.ACTION || !ahead) return base.choose(rng, view, decision, options, n, allowNone);
      const u = view.acting;
      let best = -1;
      let bestD = Infinity;
      for (let i = 0; i < n; i++) {
        const kind = options[i] >>> 8;
        if (kind !== ACT.ENGAGE && kind !== ACT.RANGE && kind !== ACT.CHARGE) continue;
        const e = options[i] & 0xff;
        if (view.unitWhere(e) !== WHERE.ACTIVE) continue;
        // Shoot when the unit has a ranged attack, else engage; a charge beats both.
        if (kind === ACT.RANGE && view.unitRange(u) === 0) continue;
        if (kind === ACT.ENGAGE && view.unitRange(u) > 0) continue;
        const d = view.distance(view.unitPos(u), view.unitPos(e)) - (kind === ACT.CHARGE ? 100 : 0);
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      return best >= 0 ? best : base.choose(rng, view, decision, options, n, allowNone);
    },
  };
}
