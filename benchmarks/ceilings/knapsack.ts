/**
 * The optimum of a 0-1 knapsack by depth-first branch and bound: items in order of value per weight, each node
 * bounded by the Dantzig (fractional) fill of what is left. Random uncorrelated instances of a few hundred items
 * close in thousands of nodes. `slack` is the fit tolerance of the task's own check (an item fits when its weight
 * is at most the remaining capacity plus slack).
 */
export function optimalKnapsackValue(weights: ArrayLike<number>, values: ArrayLike<number>, capacity: number, slack = 0): number {
  const order = Array.from({ length: weights.length }, (_, i) => i).sort((a, b) => values[b] / weights[b] - values[a] / weights[a]);
  const w = order.map((i) => weights[i]);
  const v = order.map((i) => values[i]);
  let best = 0;
  const bound = (from: number, room: number, value: number) => {
    for (let i = from; i < w.length; i++) {
      if (w[i] <= room + slack) {
        room -= w[i];
        value += v[i];
      } else return value + (v[i] * Math.max(0, room)) / w[i];
    }
    return value;
  };
  const visit = (i: number, room: number, value: number): void => {
    if (value > best) best = value;
    if (i === w.length || bound(i, room, value) <= best) return;
    if (w[i] <= room + slack) visit(i + 1, room - w[i], value + v[i]);
    visit(i + 1, room, value);
  };
  visit(0, capacity, 0);
  return best;
}
