// Dark Fate engine, layer 5 of 7: the reserve phase. Refill the reserve, one more card (again at
// will while no Rev-9 is on the hunt), and the Neural Net Processor's Rev-9 player.
import { RESUME_EXTRA_DRAW } from './engineState.js';
import { DECISION } from './policy.js';
import { EnginePlayPhase } from './playPhase.js';

export class EngineReservePhase extends EnginePlayPhase {
  // =============================== reserve phase ===============================
  /** rulebook: 2: Reserve Phase. */
  reservePhase(p: number): void {
    const onHuntBefore = this.anyOnHunt();
    let revealed = false;
    // Step 1: refill the reserve to four.
    while (this.reserveN < this.rules.refillTo) {
      const c = this.fateToReserve(false);
      if (c < 0) break;
      if (this.isRev9(c)) {
        revealed = true;
        break;
      }
      this.trace?.(`  reserve + ${this.name(c)}`);
    }
    // Step 2: one more card; repeat at will while the Rev-9 is not on the hunt.
    if (!revealed) this.reserveStep2(p, onHuntBefore);
    this.neuralNetStep();
  }

  /** Reserve phase step 2 from its next card: one more, again while the players choose to (EXTRA_DRAW) and may. */
  protected reserveStep2(p: number, onHuntBefore: boolean): void {
    for (;;) {
      const c = this.fateToReserve(false);
      if (c < 0) break;
      // The reserve phase ends immediately.
      if (this.isRev9(c)) break;
      this.trace?.(`  reserve + ${this.name(c)}`);
      if (onHuntBefore || this.anyOnHunt() || this.fateN === 0) break;
      this.opts[0] = 0;
      this.opts[1] = 1;
      if (!this.extraDrawn(p, this.askAt(RESUME_EXTRA_DRAW, DECISION.EXTRA_DRAW, 2, false, p))) break;
    }
  }

  /** EXTRA_DRAW answered (1: draw again); true when another card is drawn. */
  protected extraDrawn(p: number, answer: number): boolean {
    if (answer !== 1) return false;
    this.trace?.(`  p${p + 1} draws an extra reserve card`);
    return true;
  }

  /** rulebook: Neural Net Processor — at the end of each reserve phase the Rev-9 player may add a card from their hand to the reserve and draw from the Rev-9 deck. */
  protected neuralNetStep(): void {
    if (!this.setup.neuralNet || this.nnHandN === 0) return;
    for (let i = 0; i < this.nnHandN; i++) this.opts[i] = i;
    const j = this.ask(DECISION.NEURAL_NET, this.nnHandN, true, -1);
    if (j >= 0) {
      const inst = this.nnHand[j];
      this.nnHand[j] = this.nnHand[--this.nnHandN];
      this.addReserve(inst);
      this.trace?.(`  the Rev-9 player adds ${this.name(inst)} to the reserve`);
      if (this.nnDeckN > 0) this.nnHand[this.nnHandN++] = this.nnDeck[--this.nnDeckN];
    }
  }

}
