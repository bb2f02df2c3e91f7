// An example user policy for `sim dualfates match --policy-a scenarios/dualfates/policies/lead-then-hunt.js`
// (the core policy contract, src/core/policy.ts): while its side trails or is level on Victory
// Points it plays the base policy (the default, threat); once ahead by 3 or more, every unit hunts
// the nearest enemy (charges, shoots or engages it). Everything else is the base. It shows how a
// module overrides one decision and hands the rest to `base`; it is not a better policy: against
// the default `threat` (which targets the weakest enemy in reach and weighs the enemy's threat), the
// switch costs side A −0.97 points [−1.65, −0.28], p 0.007 (2026-12-07, on the deployment file of
// that day; against `fight`, the default before, −0.40 [−0.95, +0.15], p 0.19) (`sim policies
// dualfates match --param policyA --policies threat,scenarios/dualfates/policies/lead-then-hunt.js
// -n 3000 --seed 5 -j 1`, paired).
//
// The default export is a factory (data, base) => policy: `data` is a frozen copy of the match data
// (data.codes has the decision and option codes), `base` the default built-in policy (threat). `view` is
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
