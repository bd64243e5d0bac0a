// Baseline for the cold-start benchmark: a script that does nothing.
