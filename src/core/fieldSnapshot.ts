// A snapshot of an engine's mutable state by field name: typed arrays copied into arrays made once,
// number and boolean fields into one Float64Array, and the scalar fields of small plain objects
// the engine keeps (an outcome record). Save and restore allocate nothing, so a search can snapshot
// once per decision and restore once per iteration. The engine names its mutable fields; a shared
// law (test/engineLaws.test.ts) checks that a restore puts back every field that play changed.
type Typed = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

export class FieldSnapshot {
  private readonly arrays: Typed[] = [];
  private readonly sources: Typed[] = [];
  /** (holder, key) of every scalar: the engine's own, then each named object's. */
  private readonly holders: Record<string, unknown>[] = [];
  private readonly keys: string[] = [];
  private readonly isBool: boolean[] = [];
  private readonly values: Float64Array;

  /**
   * `arrayKeys`: typed-array fields (the same array objects for the engine's life); `scalarKeys`:
   * number or boolean fields, or plain objects whose own number and boolean fields are saved.
   */
  constructor(engine: object, arrayKeys: readonly string[], scalarKeys: readonly string[]) {
    const e = engine as Record<string, unknown>;
    for (const k of arrayKeys) {
      const a = e[k] as Typed;
      if (!ArrayBuffer.isView(a)) throw new Error(`snapshot: field ${k} is not a typed array`);
      this.sources.push(a);
      this.arrays.push(new (a.constructor as new (n: number) => Typed)(a.length));
    }
    const add = (holder: Record<string, unknown>, k: string) => {
      const v = holder[k];
      if (typeof v === 'number' || typeof v === 'boolean') {
        this.holders.push(holder);
        this.keys.push(k);
        this.isBool.push(typeof v === 'boolean');
      } else if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
        for (const kk of Object.keys(v)) add(v as Record<string, unknown>, kk);
      } else throw new Error(`snapshot: field ${k} is neither a number, a boolean nor a plain object`);
    };
    for (const k of scalarKeys) add(e, k);
    this.values = new Float64Array(this.keys.length);
  }

  /** Copies the engine's fields into this snapshot. Mutates only the snapshot. */
  save(): void {
    for (let i = 0; i < this.arrays.length; i++) this.arrays[i].set(this.sources[i]);
    for (let i = 0; i < this.keys.length; i++) this.values[i] = +(this.holders[i][this.keys[i]] as number);
  }

  /** Puts the saved fields back into the engine. Mutates the engine. */
  restore(): void {
    for (let i = 0; i < this.arrays.length; i++) this.sources[i].set(this.arrays[i]);
    for (let i = 0; i < this.keys.length; i++) this.holders[i][this.keys[i]] = this.isBool[i] ? this.values[i] === 1 : this.values[i];
  }
}
