// Module-resolution hook (node:module register), registered by loadProblem before it imports a problem module of
// the user's own: the bare specifier `ahd` resolves to the ahd that is running (its package entry, compiled or
// from sources), wherever the problem folder lives. The package is not on npm, and a problem outside the clone
// would otherwise not find it; inside the clone it would find the compiled copy even when ahd runs from sources,
// and its InvalidSolution would then be another class than the one the scorer's caller knows.
let target;

export function initialize(data) {
  target = data.target;
}

export async function resolve(specifier, context, nextResolve) {
  // Passed on as a URL, so the hooks after this one (tsx, from sources) resolve and load it as their own.
  if (specifier === 'ahd') return nextResolve(target, context);
  return nextResolve(specifier, context);
}
