// An example Skynet policy module for `sim tccg game --skynet-policy scenarios/tccg/policy-example.js`
// (or `--set skynetPolicy=…`). The shared contract (src/core/policy.ts): a default export that is a
// policy {name, choose(rng, view, decision, options, n, allowNone)} or a factory (data, base) =>
// policy. `data` is a frozen copy of {side, cards, rules}; `base` is the side's default bot
// (hunt-support for Skynet, protect for the Resistance). `view` is a read-only facade (members in
// src/games/tccg/gameView.ts: PLAYER_VIEW_MEMBERS); decisions and their options are documented in
// src/games/tccg/gameDecisions.ts. Return an index into options[0, n), or -1 where allowNone.
//
// This one plays like hunt-support but never spends the combat pool on attack events: it keeps the
// pool for resistance.
const D_EVENT = 6;
const EC_ATTACK = 0;

export default function createPolicy(data, base) {
  return {
    name: 'hunt-support, saving the pool',
    choose(rng, view, decision, options, n, allowNone) {
      if (decision === D_EVENT && view.eventContext === EC_ATTACK) return -1;
      return base.choose(rng, view, decision, options, n, allowNone);
    },
  };
}
