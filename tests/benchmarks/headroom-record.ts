/** headroom.ts's record of one task (its --json): the best sampled and refined programs on train and one test split. */
export const headroomRecord = (problem: string, split: string, sampled: number, refined: number) => ({
  problem,
  sampled: { train: sampled, test: { [split]: sampled } },
  refined: { train: refined, test: { [split]: refined } },
});
