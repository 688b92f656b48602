#!/usr/bin/env python3
"""The reference's constructive-TSP evaluation, reimplemented in NumPy for timing against `ahd eval`.

Same semantics as reference-ahd.md section 1.1: route[0] = 0, destination 0; at each step the other nodes
sorted by distance from the current node, minus the route so far, the 50 nearest offered to the heuristic;
the last node is the one left; score = mean closed tour length. The heuristic is nearest neighbour (the
first candidate, as the candidates are distance-sorted). Prints the in-process evaluation time (data loaded,
interpreter started: not counted) and the mean.

    python3 benchmarks/reference_tsp_eval.py problems/tsp50/data/test50_dataset.npy
"""
import sys
import time

import numpy as np


def select_next_node(current_node, destination_node, unvisited_nodes, distance_matrix):
    return unvisited_nodes[np.argmin(distance_matrix[current_node][unvisited_nodes])]


def tour_length(coordinates):
    n = len(coordinates)
    distance = np.linalg.norm(coordinates[:, None, :] - coordinates[None, :, :], axis=-1)
    route = np.zeros(n, dtype=int)
    current = 0
    for i in range(1, n - 1):
        order = np.argsort(distance[current], kind="stable")
        candidates = order[~np.isin(order, route[:i])][: min(50, n)]
        nxt = select_next_node(current, 0, candidates, distance)
        if nxt in route:
            return None
        route[i] = nxt
        current = nxt
    route[n - 1] = np.setdiff1d(np.arange(n), route[: n - 1])[0]
    return float(distance[route, np.roll(route, -1)].sum())


def main():
    instances = np.load(sys.argv[1])
    started = time.perf_counter()
    lengths = [tour_length(c) for c in instances]
    seconds = time.perf_counter() - started
    valid = [x for x in lengths if x is not None]
    print(f"{seconds:.3f} s in process, {len(valid)} of {len(lengths)} valid, mean {np.mean(valid):.5f}")


if __name__ == "__main__":
    main()
