// Seeded randomness for the benchmarks: every run asks the same requests in the same order.

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [from, to). */
export const between = (random: () => number, from: number, to: number) =>
  from + Math.floor(random() * (to - from));
