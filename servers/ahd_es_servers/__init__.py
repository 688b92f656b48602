"""ES model servers for ahd: the seed-replay ES core over a live torch module, and the HTTP protocol around it."""
