// An example user policy for `sim terror --policy scenarios/terror/policy-example.js`.
//
// The default export is a factory (data, base) => policy: `data` is the module's own frozen copy
// of the reference data, `base` the built-in default policy (`planner`). A policy is
// { name, choose(rng, view, decision, options, n, allowNone) }: it returns an index into
// options[0, n), or -1 where allowNone. The decision codes and what each one's options mean are in
// src/games/terror/terrorDecision.ts (TERROR_DECISION); the view's members in terrorView.ts.
// Answer the decisions you care about and hand the rest to `base`. Randomness only from `rng`
// (rng.next(); no Math.random), so every game stays reproducible from (seed, game index).

// TERROR_DECISION codes used here (src/games/terror/terrorDecision.ts).
const THWART = 4; // options [0 = let the Destiny symbol resolve, 1 = play Thwart Destiny]
const BUY = 7; // options: card type ids she can buy; -1 stops buying

// Action card kinds (data.cards[id].kind): 0 move, 1 escort, 2 search, 3 steady, 4 heal, 5 premonition, 6 thwart.
const MOVE = 0;
const ESCORT = 1;

export default function createPolicy(data, base) {
  return {
    name: 'never-thwart',
    choose(rng, view, decision, options, n, allowNone) {
      // Keep Thwart Destiny in hand forever (to measure what the card is worth).
      if (decision === THWART) return 0;
      // Never buy Premonition: save Fated Victims by distance only (buy only escort and move cards).
      if (decision === BUY) {
        for (let i = 0; i < n; i++) {
          const kind = data.cards[options[i]].kind;
          if (kind === ESCORT || kind === MOVE) return i;
        }
        return -1;
      }
      return base.choose(rng, view, decision, options, n, allowNone);
    },
  };
}
