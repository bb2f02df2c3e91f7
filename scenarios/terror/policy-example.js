// An example user policy for `sim terror --policy scenarios/terror/policy-example.js`.
// The default export is an object with any subset of the TerrorPolicy methods (see
// src/games/terror/terrorPolicy.ts); the rest fall back to the built-in `death-order` policy.
// It may also be a function (data) => policy. Use only the arguments (view, buffers, rng):
// no Math.random, so every game stays reproducible from (seed, game index).
export default {
  name: 'never-thwart',
  // Keep Thwart Destiny in hand forever (to measure what the card is worth).
  useThwart() {
    return false;
  },
  // Never buy Premonition: save Fated Victims by distance only.
  chooseBuy(view, options, n) {
    for (let i = 0; i < n; i++) {
      const kind = view.data.cards[options[i]].kind;
      // kinds: 0 move, 1 escort, 2 search, 3 steady, 4 heal, 5 premonition, 6 thwart
      if (kind === 1 || kind === 0) return i;
    }
    return -1;
  },
};
