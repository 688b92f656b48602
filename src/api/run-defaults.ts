/** Defaults of `ahd run` that its --help shows (kept apart so that --help loads nothing heavy). */

/** The reference's random.seed(2024). */
export const DEFAULT_SEED = 2024;
export const DEFAULT_BUDGET = 1000;
