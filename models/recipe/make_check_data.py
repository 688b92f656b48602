"""Cut-down copies of each task's train split, for the corpus generator's sandbox validity check.

    /usr/bin/python3 models/recipe/make_check_data.py

Validity (shape, finiteness, feasibility of the returned choices) does not depend on instance size, but ACO
evaluation time does, so the ACO splits are cut to one small instance; constructive splits keep two instances.
The files keep the split's name and format, so the sandbox loads them through EvalRequest.dataDir.
"""
import os

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "problems")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-data")

# problem -> (file, instances kept, rows kept)
CUTS = {
    "tsp50": ("train50_dataset.npy", 2, None),
    "kp100": ("train100_dataset.npy", 2, None),
    "aco-tsp50": ("train50_dataset.npy", 1, 20),
    "aco-cvrp50": ("train50_dataset.npy", 1, 21),
    "aco-bpp500": ("train500_dataset.npz", 1, 60),
}

for problem, (name, count, rows) in CUTS.items():
    os.makedirs(os.path.join(OUT, problem), exist_ok=True)
    src = os.path.join(ROOT, problem, "data", name)
    dst = os.path.join(OUT, problem, name)
    if name.endswith(".npz"):
        demands = np.load(src)["demands"][:count, :rows]
        np.savez(dst, demands=demands)
    else:
        np.save(dst, np.load(src)[:count, :rows])
    print(problem, dst, os.path.getsize(dst), "bytes")
